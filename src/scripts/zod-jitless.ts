/**
 * Imported first by browser scripts that use zod: without `jitless`, zod probes `new Function` once, and the strict
 * Content-Security-Policy (no 'unsafe-eval') reports that probe as a violation even though zod catches it.
 */
import { z } from 'zod';

z.config({ jitless: true });
