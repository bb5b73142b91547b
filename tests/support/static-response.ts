/** The test stand-ins for Netlify and Vercel (netlify-dev.ts, vercel-dev.ts): a static file of the build as a web Response. */
import type { StaticFiles } from '../../src/adapters/node/static/static-files.ts';

/** What `files` answers for `request` at `pathname`, as a Response: no body for HEAD and 304; `headers` set over its own. */
export async function staticResponse(
  files: StaticFiles,
  request: Request,
  pathname: string,
  options: { status?: number | undefined; headers?: Iterable<readonly [string, string]> } = {},
): Promise<Response> {
  const reply = await files({
    method: request.method,
    pathname,
    header: (name) => request.headers.get(name) ?? undefined,
  });
  const body =
    request.method === 'HEAD' || reply.status === 304
      ? null
      : typeof reply.body === 'string'
        ? reply.body
        : new Uint8Array(reply.body);
  const headers = new Headers(reply.headers);
  for (const [name, value] of options.headers ?? []) headers.set(name, value);
  return new Response(body, { status: options.status ?? reply.status, headers });
}
