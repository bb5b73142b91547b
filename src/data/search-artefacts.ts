/** Build-time: the sharded search index, computed once and written by the /search/* endpoints. */
import { getFacts } from './facts.ts';
import { buildShards, type ShardFiles } from '../lib/search/shard-build.ts';
import { versioned } from './content-version.ts';

/** Builds every search file once per build (and once per content reload under `npm run dev`). */
export const getSearchArtefacts: () => Promise<ShardFiles> = versioned(() => getFacts().then((facts) => buildShards(facts)));
