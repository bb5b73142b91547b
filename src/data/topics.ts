/** Build-time access to the publisher's topics, checked against the published records. */
import { readSettings } from '../lib/config.ts';
import type { Topic } from '../lib/schema/topic.ts';
import { readTopics, topicsFileOf } from '../lib/topics/read-topics.ts';
import { versioned } from './content-version.ts';
import { getFacts } from './facts.ts';

/** The topics, in the publisher's order (read again after `npm run dev` reloads content); a bad topics file stops the build (TopicError). */
export const getTopics: () => Promise<Topic[]> = versioned(() =>
  getFacts().then((facts) => readTopics(topicsFileOf(readSettings(process.env)), new Set(facts.map((f) => f.id)))),
);
