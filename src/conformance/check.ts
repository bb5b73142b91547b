/** A conformance check, and the assertions on error answers that many checks share. */
import { excerpt, expect, isJsonType, type Answer, type Context } from './context.ts';

/** One rule of the spec, checked against a deployment; `run` returns an optional detail for the report line. */
export interface Check {
  name: string;
  // biome-ignore lint/suspicious/noConfusingVoidType: the checks that report no detail end without a return, which only void allows
  run(ctx: Context): Promise<string | void>;
}

/** Asserts an error answer: the status, a JSON body {error:{code,message}} with strings, and public CORS. */
export function expectErrorBody(answer: Answer, status: number, what: string): void {
  expect(answer.status === status, `${what}: expected ${status}, got ${answer.status} ${excerpt(answer.text)}`);
  expect(
    isJsonType(answer.headers.get('content-type')),
    `${what}: expected Content-Type application/json, got ${JSON.stringify(answer.headers.get('content-type'))}`,
  );
  const error = (answer.json as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  expect(
    typeof error?.code === 'string' && typeof error.message === 'string',
    `${what}: expected a body {"error":{"code","message"}} with strings, got ${excerpt(answer.text)}`,
  );
  expect(
    answer.headers.get('access-control-allow-origin') === '*',
    `${what}: expected Access-Control-Allow-Origin: *, got ${JSON.stringify(answer.headers.get('access-control-allow-origin'))}`,
  );
}

/** Asserts a 307 to the same URL with po_live=1 added, on the same domain, every original parameter kept. */
export function expectPoLiveRedirect(answer: Answer, requested: string): void {
  expect(answer.status === 307, `GET ${requested} without po_live: expected 307, got ${answer.status}`);
  const location = answer.headers.get('location');
  expect(location, `GET ${requested}: the 307 has no Location header`);
  expect(/^https?:\/\//i.test(location), `GET ${requested}: Location is not an absolute URI: ${location}`);
  const target = new URL(location, requested);
  const from = new URL(requested);
  expect(target.hostname === from.hostname, `GET ${requested}: the 307 leaves the domain: Location ${location}`);
  expect(target.pathname === from.pathname, `GET ${requested}: the 307 changes the path: Location ${location}`);
  expect(
    target.searchParams.getAll('po_live').join() === '1',
    `GET ${requested}: Location lacks po_live=1: ${location}`,
  );
  for (const [name, value] of from.searchParams) {
    expect(
      target.searchParams.getAll(name).includes(value),
      `GET ${requested}: Location drops ${name}=${value}: ${location}`,
    );
  }
}
