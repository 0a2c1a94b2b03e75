/**
 * @module Child process of the search benchmark: builds the index of the tree given as argv[2] into the database
 * argv[3] (from scratch), then times first-page queries; prints one JSON line with build seconds, peak RSS (MB),
 * index file size and query timings (ms). Run alone so the RSS is the index's own.
 */
import { statSync } from "node:fs";
import { SqliteFileIndex } from "../src/server/search/index-service";
import type { ParsedQuery } from "../src/server/search/types";

const [tree, file, ...words] = process.argv.slice(2);
let peak = 0;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const index = new SqliteFileIndex({
  rootAbs: tree!,
  file: file!,
  intervalMinutes: 0,
  excludeDirs: [],
  fromScratch: true,
});
const t0 = performance.now();
await index.start();
const buildS = (performance.now() - t0) / 1000;
clearInterval(sample);
peak = Math.max(peak, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
const query = (w: string): ParsedQuery => ({
  terms: [{ text: w, excluded: false, required: true, phrase: true }],
  type: null,
});
const times: Record<string, number[]> = {};
const hits: Record<string, number> = {};
for (const w of words) {
  hits[w] = index.search({ query: query(w), under: "/", offset: 0, limit: 1_000_000, isVisible: () => true }).length;
  times[w] = [];
  for (let i = 0; i < 40; i++) {
    const t = performance.now();
    index.search({ query: query(w), under: "/", offset: 0, limit: 50, isVisible: () => true });
    times[w]!.push(performance.now() - t);
  }
}
const entries = index.status().entries;
index.close();
console.log(
  JSON.stringify({ buildS, peakMB: peak / 1048576, fileMB: statSync(file!).size / 1048576, entries, times, hits }),
);
