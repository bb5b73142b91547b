/** Runs the conformance checks in order and reports one line per check, then `N passed, N failed`. */
import { routeChecks } from './checks-routes.ts';
import { parameterChecks } from './checks-parameters.ts';
import { recordChecks } from './checks-records.ts';
import { protocolChecks, rateLimitCheck } from './checks-protocol.ts';
import { rateHeaderChecks } from './checks-rate-headers.ts';
import type { Check } from './check.ts';
import { Context, type ContextOptions } from './context.ts';

/** Options of a run. */
export interface ConformanceOptions extends ContextOptions {
  /** Leave out the rate-limit check (it spends the quota of this address for up to a minute). */
  skipRateLimit?: boolean;
  /** Where report lines go (default console.log). */
  print?: (line: string) => void;
}

/** Every check, in the order they run: the rate limit last, because it spends the quota. */
export function conformanceChecks(skipRateLimit = false): Check[] {
  return [
    ...routeChecks,
    ...parameterChecks,
    ...recordChecks,
    ...protocolChecks,
    ...rateHeaderChecks,
    ...(skipRateLimit ? [] : [rateLimitCheck]),
  ];
}

/** Runs every check against the API at `baseUrl` (ending in /api/v1); returns the counts. */
export async function runConformance(
  baseUrl: string,
  options: ConformanceOptions = {},
): Promise<{ passed: number; failed: number }> {
  const print = options.print ?? ((line: string) => console.log(line));
  const ctx = new Context(baseUrl, { ...options, log: options.log ?? print });
  let passed = 0;
  let failed = 0;
  for (const check of conformanceChecks(options.skipRateLimit)) {
    try {
      const detail = await check.run(ctx);
      passed += 1;
      print(`PASS  ${check.name}${detail ? ` (${detail})` : ''}`);
    } catch (error) {
      failed += 1;
      const cause = (error as Error & { cause?: Error }).cause;
      print(`FAIL  ${check.name}: ${(error as Error).message}${cause ? ` (${cause.message})` : ''}`);
    }
  }
  if (options.skipRateLimit) print('SKIP  rate limit (--skip-rate-limit)');
  print(`${passed} passed, ${failed} failed`);
  return { passed, failed };
}
