/** Build-time access to the publisher's topics, checked against the published records. */
import { readSettings } from '../lib/config.ts';
import type { Topic } from '../lib/schema/topic.ts';
import { readTopics, topicsFileOf } from '../lib/topics/read-topics.ts';
import { getFacts } from './facts.ts';

let cached: Promise<Topic[]> | undefined;

/** The topics, in the publisher's order; a bad topics file stops the build (TopicError). */
export function getTopics(): Promise<Topic[]> {
  cached ??= getFacts().then((facts) => readTopics(topicsFileOf(readSettings(process.env)), new Set(facts.map((f) => f.id))));
  return cached;
}
