/** Node-only: which files under the build a request path may name, and whether a file really lies under it. */
import { realpath } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';

/** Files at the root of the build that configure a static host (Cloudflare, Netlify): read by the host, never served. */
export const HOST_CONFIG_FILES: ReadonlySet<string> = new Set(['_headers', '_redirects', '_routes.json', '_worker.js']);

/**
 * Files a path may name, most specific first; null when it may name none: undecodable, NUL, outside the root,
 * a dot segment (dotfiles such as .build-stamp.json and .integrity.json are never served; only /.well-known/),
 * or a host's configuration file (HOST_CONFIG_FILES). `/a/` names `/a/index.html`; `/a` names the file `/a`,
 * else `/a/index.html`.
 */
export function candidates(root: string, pathname: string): string[] | null {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (!path.startsWith('/') || path.includes('\0')) return null;
  if (path.split('/').some((part, i) => part.startsWith('.') && !(i === 1 && part === '.well-known'))) return null;
  const full = resolve(root, `.${path}`);
  if (full !== root && !full.startsWith(root + sep)) return null;
  // Judged on the resolved path, so that //_headers and /a/../_headers are refused too.
  if (HOST_CONFIG_FILES.has(relative(root, full))) return null;
  return path.endsWith('/') ? [join(full, 'index.html')] : [full, join(full, 'index.html')];
}

/**
 * Whether `file` lies under `root` once every symbolic link on either path is resolved: a link inside the build
 * (to a file or to a directory) may point within it, never outside. False when either cannot be resolved.
 */
export async function underRoot(root: string, file: string): Promise<boolean> {
  const [realRoot, real] = await Promise.all([realpath(root), realpath(file)]).catch(() => [null, null]);
  if (realRoot === null || real === null) return false;
  return real.startsWith(realRoot + sep);
}
