import { describe, expect, it } from 'vitest';
import { readSettings } from '../../src/lib/config.ts';
import { errorReportHref } from '../../src/lib/publish/error-report.ts';

const record = {
  id: 'fait-e895e5ca7dd9aa43',
  title: "Permis B : âge & conditions d'accès",
  url: 'https://permis.example/fiches/fait-e895e5ca7dd9aa43/',
};

describe('error report link', () => {
  it('is absent when no address is set', () => {
    expect(errorReportHref(undefined, record)).toBeUndefined();
    expect(readSettings({}).ERROR_REPORT_URL).toBeUndefined();
  });

  it('gives a mailto: address a subject and a body naming the record, spaces as %20', () => {
    const href = errorReportHref('mailto:corrections@permis.example', record)!;
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('corrections@permis.example');
    expect(href).not.toContain('+');
    const params = Object.fromEntries(
      href
        .split('?')[1]!
        .split('&')
        .map((pair) => pair.split('=').map(decodeURIComponent)),
    );
    expect(params.subject).toBe(`Erreur sur la fiche ${record.id} : ${record.title}`);
    expect(params.body).toContain(`Identifiant : ${record.id}`);
    expect(params.body).toContain(`Adresse : ${record.url}`);
  });

  it('keeps what a mailto: address already says and adds to it', () => {
    expect(errorReportHref('mailto:corrections@permis.example?cc=relecture@permis.example', record)).toMatch(
      /^mailto:corrections@permis\.example\?cc=relecture@permis\.example&subject=/,
    );
  });

  it('adds id, title and url to a form URL, or fills its {id}, {title} and {url} placeholders', () => {
    const plain = new URL(errorReportHref('https://forms.example/signaler?source=site', record)!);
    expect(Object.fromEntries(plain.searchParams)).toEqual({
      source: 'site',
      id: record.id,
      title: record.title,
      url: record.url,
    });
    const filled = errorReportHref('https://forms.example/f?entry.1={id}&entry.2={title}&entry.3={url}', record)!;
    expect(filled).toBe(
      `https://forms.example/f?entry.1=${record.id}&entry.2=${encodeURIComponent(record.title)}&entry.3=${encodeURIComponent(record.url)}`,
    );
  });

  it('refuses an address that is neither mailto: with one address nor https, naming it', () => {
    for (const bad of [
      'corrections@permis.example',
      'mailto:',
      'mailto:corrections',
      'http://forms.example/',
      'ftp://forms.example/',
      'javascript:alert(1)',
      'https://',
    ]) {
      expect(() => readSettings({ ERROR_REPORT_URL: bad }), bad).toThrow(
        `ERROR_REPORT_URL=${JSON.stringify(bad)}: must be a mailto: address (mailto:corrections@example.be) or an https:// form URL`,
      );
    }
    expect(readSettings({ ERROR_REPORT_URL: 'https://forms.example/x' }).ERROR_REPORT_URL).toBe(
      'https://forms.example/x',
    );
  });
});
