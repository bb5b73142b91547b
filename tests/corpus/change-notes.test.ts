/** The demonstration corpus shows change notes: enough records carry them, each consistent with the record's dates. */
import { describe, expect, it } from 'vitest';
import { readRecords } from '../../src/lib/records/read-records.ts';

describe('change notes in content/records', () => {
  it('are carried by at least 30 records, the last one dated the day of modified_at', async () => {
    const facts = await readRecords('content/records', 'https://permis.example');
    const noted = facts.filter((fact) => (fact.changes?.length ?? 0) > 0);
    expect(noted.length).toBeGreaterThanOrEqual(30);
    const inconsistent = noted
      .filter((fact) => fact.modified_at === undefined || fact.changes!.at(-1)!.date !== fact.modified_at.slice(0, 10))
      .map((fact) => `${fact.id}: last change ${fact.changes!.at(-1)!.date}, modified_at ${fact.modified_at}`);
    expect(inconsistent).toEqual([]);
  });
});
