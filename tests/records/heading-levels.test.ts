import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestHeadings } from '../../src/lib/records/heading-levels.ts';

const levelsOf = (html: string) => [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));

describe('record body headings under the page h1', () => {
  it('turns a body that starts at h3 into one that starts at h2', () => {
    expect(nestHeadings('<h3 id="a">A</h3><p>x</p><h3>B</h3><h4>C</h4>')).toBe(
      '<h2 id="a">A</h2><p>x</p><h2>B</h2><h3>C</h3>',
    );
  });

  it('closes a skipped level (h2 then h4 becomes h2 then h3) and leaves text without headings alone', () => {
    expect(nestHeadings('<h2>A</h2><h4>B</h4><h2>C</h2>')).toBe('<h2>A</h2><h3>B</h3><h2>C</h2>');
    expect(nestHeadings('<p>no heading</p>')).toBe('<p>no heading</p>');
  });

  it('never skips a level and never goes above h2, whatever the levels', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 20 }), (levels) => {
        const out = levelsOf(nestHeadings(levels.map((l, i) => `<h${l}>t${i}</h${l}>`).join('')));
        expect(out).toHaveLength(levels.length);
        let previous = 1;
        for (const level of out) {
          expect(level).toBeGreaterThanOrEqual(2);
          expect(level).toBeLessThanOrEqual(previous + 1);
          previous = level;
        }
      }),
    );
  });
});
