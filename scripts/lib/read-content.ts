/** Node-only: the publisher's content as check:records, the build and `npm run dev` check it, every problem in one pass. */
import type { Settings } from '../../src/lib/config.ts';
import type { RecordError } from '../../src/lib/records/friendly-errors.ts';
import type { ReadCache, ReadRecordsOptions } from '../../src/lib/records/read-records.ts';
import { readSynonymsFile, SynonymsError } from '../../src/lib/search/build.ts';
import { readRecordsAndTopics, type RecordsAndTopics, type TopicError } from '../../src/lib/topics/read-topics.ts';

/** The records, topics and synonyms (each null when invalid) and the errors: records', topics', then synonyms'. */
export interface Content extends Omit<RecordsAndTopics, 'errors'> {
  synonyms: Awaited<ReturnType<typeof readSynonymsFile>> | null;
  errors: (RecordError | TopicError | SynonymsError)[];
}

/** Reads the records and the topics checked against them, then the synonyms file; other errors are thrown. */
export async function readContent(
  settings: Pick<Settings, 'CONTENT_DIR' | 'SITE_URL' | 'TOPICS_FILE' | 'SYNONYMS_FILE'>,
  cache?: ReadCache,
  options?: ReadRecordsOptions,
): Promise<Content> {
  const read = await readRecordsAndTopics(settings, cache, options);
  const errors: Content['errors'] = [...read.errors];
  const synonyms = await readSynonymsFile(settings.SYNONYMS_FILE).catch((error: unknown) => {
    if (!(error instanceof SynonymsError)) throw error;
    errors.push(error);
    return null;
  });
  return { ...read, synonyms, errors };
}
