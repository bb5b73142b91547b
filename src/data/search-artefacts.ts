/** Build-time: the sharded search index and the compiled synonyms, computed once and written by the /search/* endpoints. */
import { getFacts } from './facts.ts';
import { buildShards, type ShardFiles } from '../lib/search/shard-build.ts';
import { readSynonymsFile } from '../lib/search/synonyms-file.ts';
import { readSettings } from '../lib/config.ts';

let cached: Promise<ShardFiles> | undefined;

/** Builds every search file once per build; an invalid synonyms file stops the build with its line. */
export function getSearchArtefacts(): Promise<ShardFiles> {
  cached ??= Promise.all([getFacts(), readSynonymsFile(readSettings(process.env).SYNONYMS_FILE)]).then(([facts, synonyms]) => buildShards(facts, { synonyms }));
  return cached;
}
