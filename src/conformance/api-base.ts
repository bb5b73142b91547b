/** The API base of an address given on a command line: a site's address or its API base (…/api/v1). */

/** The API base of `address`, or the one-line reason it is neither a site address nor an API base, with the fix. */
export function apiBaseOf(
  address: string,
): { ok: true; base: string; fromSite: boolean } | { ok: false; problem: string } {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return {
      ok: false,
      problem: `${JSON.stringify(address)} is not an absolute http(s) address; give the site's address, e.g. https://example.org`,
    };
  }
  if (!/^https?:$/.test(url.protocol))
    return {
      ok: false,
      problem: `${JSON.stringify(address)} is not an http(s) address; give the site's address, e.g. https://example.org`,
    };
  const path = url.pathname.replace(/\/+$/, '');
  const root = `${url.origin}${path}`;
  if (/\/api\/v1$/.test(path)) return { ok: true, base: root, fromSite: false };
  // An address inside the API (…/api, …/api/v1/facts): the base is known, so say it rather than guess a site below it.
  const inside = /^(.*)\/api(?:\/v\d+)?(?:\/.*)?$/.exec(path);
  if (inside)
    return {
      ok: false,
      problem: `${address} is inside the API, not its base; give ${url.origin}${inside[1]}/api/v1 or the site's address ${url.origin}${inside[1]}/`,
    };
  if (url.search || url.hash)
    return {
      ok: false,
      problem: `${address} has a query or fragment; give the site's address ${root}/ or its API base ${root}/api/v1`,
    };
  // Any other path is the site's own (a site served under a folder): its API is below it.
  return { ok: true, base: `${root}/api/v1`, fromSite: true };
}
