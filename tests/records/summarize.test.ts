import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownToPlain, summarize } from '../../src/lib/records/summarize.ts';

const words = (n: number, word = 'mot') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');

describe('summaries (search cards, related records, feeds) are cut where a reader expects', () => {
  it('keep a short first paragraph whole', () => {
    expect(summarize('Le permis B se passe à 18 ans.\n\nSuite.')).toBe('Le permis B se passe à 18 ans.');
  });

  it('drop a last sentence that introduces a list, or take the list in when it is all the paragraph says', () => {
    const intro =
      'Le guide accompagne le candidat titulaire d’un permis provisoire M36 ou M12. Son nom figure sur le permis provisoire. Les conditions à remplir sont les suivantes :';
    expect(summarize(`${intro}\n\n- avoir 27 ans ;\n- avoir le permis depuis 8 ans.`)).toBe(
      'Le guide accompagne le candidat titulaire d’un permis provisoire M36 ou M12. Son nom figure sur le permis provisoire.',
    );
    expect(
      summarize('Deux distances s’additionnent :\n\n- la distance de réaction ;\n- **la distance de freinage**.'),
    ).toBe('Deux distances s’additionnent : la distance de réaction ; la distance de freinage.');
    expect(summarize('Les conditions sont les suivantes :')).toBe('Les conditions sont les suivantes…');
    // fast-check found this one: every trailing colon goes, not only the last.
    expect(summarize('Les conditions : :')).toBe('Les conditions…');
    // And this one: an introduction of 240 characters without its colon, with no list after it, stays within 240.
    expect(summarize(`${'x'.repeat(238)} :`)).toBe(`${'x'.repeat(238)}…`);
    expect(summarize(`${'x'.repeat(240)} :`)).toBe('x'.repeat(240));
    const longer = `${'Les conditions sont nombreuses. '.repeat(8)}Les voici :`;
    expect(summarize(longer).length).toBeLessThanOrEqual(240);
    expect(summarize(longer)).not.toMatch(/[:,;]…?$/);
  });

  it('cut a long paragraph after its last whole sentence, else at a clause, else at a word', () => {
    const sentence = `Première phrase de la fiche qui dit l’essentiel, avec ${words(14)}.`;
    const long = `${sentence} Deuxième phrase trop longue pour tenir, ${words(40)}.`;
    expect(summarize(long)).toBe(sentence);
    // Abbreviations do not end a sentence: "art. 61" stays whole.
    const article = `Les feux tricolores sont décrits à l’art. 61 du code de la route, avec ${words(12)}.`;
    expect(summarize(`${article} Ensuite ${words(60)}.`)).toBe(article);
    const clauses = `Une seule phrase sans point, ${words(25)}, ${words(15, 'x')}, ${words(30, 'y')}`;
    const cut = summarize(clauses);
    expect(cut).toBe(`Une seule phrase sans point, ${words(25)}, ${words(15, 'x')}…`);
    expect(summarize(words(100))).toMatch(/^mot0 .* mot\d+…$/);
  });

  it('never exceed 240 characters, never end on a colon nor a cut on a comma, and say only what the text says, for any text', () => {
    const token = fc.oneof(
      fc.constantFrom(
        'permis',
        'B',
        'examen',
        'art.',
        '61',
        'suivantes',
        'M.',
        'théorique',
        '(voir',
        'ci-dessous)',
        '–',
      ),
      fc.string({ minLength: 1, maxLength: 12 }).map((s) => s.replace(/\s/g, 'x')),
    );
    const sentence = fc
      .tuple(fc.array(token, { minLength: 1, maxLength: 30 }), fc.constantFrom('.', ' :', ',', ';', '!', '?', ''))
      .map(([t, end]) => `${t.join(' ')}${end}`);
    const paragraph = fc.array(sentence, { minLength: 1, maxLength: 8 }).map((s) => s.join(' '));
    fc.assert(
      fc.property(fc.array(paragraph, { minLength: 1, maxLength: 3 }), (paragraphs) => {
        const markdown = paragraphs.join('\n\n');
        const summary = summarize(markdown);
        expect(summary.length).toBeLessThanOrEqual(240);
        // As written, a text may end on anything but a colon; a cut one never ends on a colon, comma or semicolon.
        expect(summary).not.toMatch(/:\s*$|[:,;]\s*…$/);
        const plain = markdownToPlain(paragraphs[0]!);
        const stem = summary.replace(/…$/, '');
        if (!/:\s*$/.test(plain))
          expect(plain.startsWith(stem) || plain.replace(/\s*:$/, '').startsWith(stem)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
