// Preloaded into the measured build (node --import): reports its peak RSS and peak V8 heap on exit.
import { getHeapStatistics } from 'node:v8';

let peakHeap = 0;
const sample = () => (peakHeap = Math.max(peakHeap, getHeapStatistics().used_heap_size));
setInterval(sample, 50).unref();
process.on('exit', () => {
  sample();
  process.stderr.write(
    `\nBENCH_PEAK ${JSON.stringify({ rssKb: process.resourceUsage().maxRSS, heapBytes: peakHeap })}\n`,
  );
});
