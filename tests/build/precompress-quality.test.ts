import { describe, expect, it } from 'vitest';
import { brotliQuality, PRECOMPRESS_QUALITY } from '../../scripts/lib/output-files.ts';

describe('the brotli quality of precompressed files', () => {
  it('is the highest for every file of a build of up to bulkFiles compressible files', () => {
    for (const path of [
      'fiches/a/index.html',
      'api/v1/facts/fait-0000000000000001',
      'search/terms/3.json',
      '_astro/app.js',
    ]) {
      expect(brotliQuality(path, PRECOMPRESS_QUALITY.bulkFiles), path).toBe(11);
    }
  });

  it('past bulkFiles, keeps the highest for what a first visit downloads and lowers it for pages and records', () => {
    const many = PRECOMPRESS_QUALITY.bulkFiles + 1;
    expect(brotliQuality('search/manifest.json', many)).toBe(11);
    expect(brotliQuality('_astro/search.js', many)).toBe(11);
    expect(brotliQuality('fiches/a/index.html', many)).toBe(PRECOMPRESS_QUALITY.bulk);
    expect(brotliQuality('api/v1/facts/fait-0000000000000001', many)).toBe(PRECOMPRESS_QUALITY.bulk);
    expect(PRECOMPRESS_QUALITY.bulk).toBeLessThan(11);
  });
});
