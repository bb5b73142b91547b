/** Build-time: the sharded search index and the compiled synonyms, computed once and written by the /search/* endpoints. */
import { getFacts } from './facts.ts';
import { buildShards, type ShardFiles, readLexicon, readSynonymsFile } from '../lib/search/build.ts';
import { readSettings } from '../lib/config.ts';
import { versioned } from './content-version.ts';

/**
 * Builds every search file once per build (and once per content reload under `npm run dev`); an invalid synonyms
 * file stops the build with its line.
 */
export const getSearchArtefacts: () => Promise<ShardFiles> = versioned(() =>
  Promise.all([getFacts(), readSynonymsFile(readSettings(process.env).SYNONYMS_FILE), readLexicon()]).then(
    ([facts, synonyms, lexicon]) => buildShards(facts, { synonyms, lexicon }),
  ),
);
