import { describe, expect, it } from 'vitest';
import { readSettings, SettingsSchema } from '../../src/lib/config.ts';
import { readDoc } from './markdown.ts';

/** The rows of the configuration table of docs/operating.md: variable name and default cell. */
function configurationTable(): { name: string; fallback: string }[] {
  const text = readDoc('docs/operating.md');
  const section = text.slice(
    text.indexOf('## Configuration'),
    text.indexOf('\n## ', text.indexOf('## Configuration') + 1),
  );
  return [...section.matchAll(/^\| `([A-Z0-9_]+)` \| ([^|]+) \|/gm)].map((match) => ({
    name: match[1]!,
    fallback: match[2]!.trim(),
  }));
}

describe('the configuration table of docs/operating.md', () => {
  const rows = configurationTable();
  const read = Object.keys(SettingsSchema.shape);

  it('lists exactly the variables the settings module reads', () => {
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.name).sort()).toEqual([...read].sort());
  });

  it('every variable in it is read: a valid value of it changes the settings', () => {
    const candidates = [
      '7',
      'http://example.test',
      'https://example.test/report',
      'redis://example.test:6379',
      'elsewhere',
      'debug',
      'pretty',
      '1',
      'a-bearer-token-of-32-characters!',
      'all',
    ];
    // METRICS_PORT is valid only with its token.
    const companions: Record<string, Record<string, string>> = {
      METRICS_PORT: { METRICS_TOKEN: 'a-token-of-16-characters' },
    };
    const base = readSettings({}) as unknown as Record<string, unknown>;
    for (const { name } of rows) {
      const changed = candidates.some((value) => {
        try {
          return (
            (readSettings({ ...companions[name], [name]: value }) as unknown as Record<string, unknown>)[name] !==
            base[name]
          );
        } catch {
          return false;
        }
      });
      expect(changed, name).toBe(true);
    }
  });

  it('states the defaults the settings module applies', () => {
    const defaults = readSettings({}) as unknown as Record<string, unknown>;
    for (const { name, fallback } of rows.filter((row) => /^`[^`]+`$/.test(row.fallback))) {
      expect(`\`${String(defaults[name])}\``, name).toBe(fallback);
    }
  });
});
