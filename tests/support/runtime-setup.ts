// Setup file of the runtime projects (deno, bun, netlify, vercel): every runtime a test file started stops when the file is done.
import { afterAll } from 'vitest';
import { stopRuntimes } from './runtime-target.ts';

afterAll(stopRuntimes);
