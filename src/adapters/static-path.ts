/** Node-only: which files under the build a request path may name. */
import { join, resolve, sep } from 'node:path';

/**
 * Files a path may name, most specific first; null when it may name none: undecodable, NUL, outside the root,
 * or a dot segment (dotfiles such as .build-stamp.json and .integrity.json are never served; only /.well-known/).
 * `/a/` names `/a/index.html`; `/a` names the file `/a`, else `/a/index.html`.
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
  return path.endsWith('/') ? [join(full, 'index.html')] : [full, join(full, 'index.html')];
}
