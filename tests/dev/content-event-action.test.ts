import { describe, expect, it } from 'vitest';
import { contentEventAction } from '../../scripts/lib/dev-integration.ts';

const paths = { content: '/p/content', records: '/p/content/records', synonyms: '/p/content/synonyms.yaml' };

describe('what a file event does under npm run dev', () => {
  it('a record file added, changed or removed runs the records loader again', () => {
    for (const event of ['add', 'change', 'unlink'] as const)
      expect(contentEventAction(event, '/p/content/records/sub/a.md', paths)).toBe('records');
  });

  it("sed -i's temp file and an editor's x.md.tmp reload nothing when written: the rename over the record does", () => {
    for (const file of ['sedAbC123', 'a.md.tmp', 'a.md___jb_tmp___'])
      for (const event of ['add', 'change'] as const)
        expect(contentEventAction(event, `/p/content/records/${file}`, paths)).toBe('ignore');
  });

  it('a file that is not a record, removed, runs the loader again (which clears its report)', () => {
    expect(contentEventAction('unlink', '/p/content/records/notes.txt', paths)).toBe('records');
  });

  it("dotfiles (vim's swap file, .DS_Store) do nothing, in the records folder or beside it", () => {
    for (const event of ['add', 'change', 'unlink'] as const) {
      expect(contentEventAction(event, '/p/content/records/.a.md.swp', paths)).toBe('ignore');
      expect(contentEventAction(event, '/p/content/.DS_Store', paths)).toBe('ignore');
      expect(contentEventAction(event, '/p/content/records/.drafts/a.md', paths)).toBe('ignore');
    }
  });

  it('the synonyms and the other content files reload the page, wherever the synonyms file is', () => {
    expect(contentEventAction('change', '/p/content/synonyms.yaml', paths)).toBe('content');
    expect(contentEventAction('change', '/p/content/topics.yaml', paths)).toBe('content');
    expect(contentEventAction('change', '/elsewhere/syn.yaml', { ...paths, synonyms: '/elsewhere/syn.yaml' })).toBe(
      'content',
    );
  });

  it('files outside the content folder (sources, a folder named like it) do nothing here', () => {
    expect(contentEventAction('change', '/p/src/pages/index.astro', paths)).toBe('ignore');
    expect(contentEventAction('change', '/p/content-old/records/a.md', paths)).toBe('ignore');
  });
});
