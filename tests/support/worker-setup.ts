// Setup file of the "workerd" project: every workerd a test file started stops when the file is done.
import { afterAll } from 'vitest';
import { disposeTestEdges } from './worker-target.ts';

afterAll(disposeTestEdges);
