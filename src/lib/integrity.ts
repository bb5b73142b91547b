/** The integrity manifest the build writes beside its output, read by the Node server to refuse damaged artefacts. */

/** File name of the manifest, at the root of DIST_DIR (a dotfile: never served). */
export const INTEGRITY_FILE = '.integrity.json';

/** One file's expected content. */
export interface IntegrityEntry {
  sha256: string;
  bytes: number;
}

/** `{buildId, files}`: every output file (paths relative to DIST_DIR, forward slashes) except dotfiles and .br/.gz siblings. */
export interface IntegrityManifest {
  buildId: string;
  files: Record<string, IntegrityEntry>;
}

/** Parses a manifest's text; throws an Error saying what is wrong with it. */
export function parseIntegrityManifest(text: string): IntegrityManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${INTEGRITY_FILE} is not valid JSON (${(error as Error).message})`);
  }
  const manifest = value as Partial<IntegrityManifest> | null;
  if (!manifest || typeof manifest.buildId !== 'string' || typeof manifest.files !== 'object' || manifest.files === null) {
    throw new Error(`${INTEGRITY_FILE} must be {"buildId": string, "files": {...}}`);
  }
  return manifest as IntegrityManifest;
}
