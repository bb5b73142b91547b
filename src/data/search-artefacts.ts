/** Build-time: the sharded search index, computed once and written by the /search/* endpoints. */
import { getFacts } from './facts.ts';
import { buildShards, type ShardFiles } from '../lib/search/shard-build.ts';

let cached: Promise<ShardFiles> | undefined;

/** Builds every search file once per build. */
export function getSearchArtefacts(): Promise<ShardFiles> {
  cached ??= getFacts().then((facts) => buildShards(facts));
  return cached;
}
