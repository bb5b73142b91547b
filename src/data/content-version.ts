/**
 * A number that changes whenever `npm run dev` reloads content (records, synonyms, any file of content/). Build-time
 * caches (facts.ts, search-artefacts.ts) key on it, so a dev server never serves data from before an edit; a build
 * loads content once and never sees it change. Records: the bump follows Astro's own `astro:content-changed`, sent once
 * the new data store is in place (as Astro clears its route cache), so no cache is refilled from the old records.
 */
const KEY = Symbol.for('permis-facts.content-version');
type Holder = { [KEY]?: number };

/** The current content version (0 until content is reloaded). */
export function contentVersion(): number {
  return (globalThis as Holder)[KEY] ?? 0;
}

/** Marks content as changed: every cache keyed on the version is dropped on its next use. */
export function bumpContentVersion(): void {
  (globalThis as Holder)[KEY] = contentVersion() + 1;
}

/** A cache of one value, recomputed when the content version has changed since it was made. */
export function versioned<T>(make: () => T): () => T {
  let made: { version: number; value: T } | undefined;
  return () => {
    const version = contentVersion();
    if (made?.version !== version) made = { version, value: make() };
    return made.value;
  };
}

// Modules evaluated by the dev server's runners (pages, endpoints) hear Astro's signal; elsewhere import.meta.hot is unset.
import.meta.hot?.on('astro:content-changed', bumpContentVersion);
