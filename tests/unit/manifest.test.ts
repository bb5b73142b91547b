import { describe, expect, it } from 'vitest';
import { buildManifest } from '../../src/lib/search/manifest-build.ts';
import { BROWSER_BUDGET_BYTES } from '../../src/lib/search/manifest.ts';
import { seededRandom } from '../../src/lib/synthetic/random.ts';

/** Text that brotli cannot shrink much: pseudo-random letters. */
function noise(chars: number): string {
  const random = seededRandom(12345);
  return Array.from({ length: chars }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join('');
}

describe('search manifest', () => {
  it('keeps search in the browser while its download fits the 1 MB brotli budget', () => {
    const manifest = buildManifest(3, { 'index.json': noise(10_000), 'listing.json': '[]' });
    expect(manifest).toMatchObject({ records: 3, mode: 'local', files: ['index.json', 'listing.json'], budgetBytes: BROWSER_BUDGET_BYTES });
    expect(manifest.brotliBytes).toBeLessThan(BROWSER_BUDGET_BYTES);
  });

  it('sends the browser to the API once the download would exceed the budget', () => {
    const manifest = buildManifest(50_000, { 'index.json': noise(2_500_000) });
    expect(manifest.mode).toBe('api');
    expect(manifest.brotliBytes).toBeGreaterThan(BROWSER_BUDGET_BYTES);
  });
});
