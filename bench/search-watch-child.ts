/**
 * @module Child process of the watch benchmark: builds the index of the tree argv[2] into the database argv[3]
 * (from scratch), with folder watches when argv[4] is "watch" (through the server's shared watchers) or without;
 * prints one JSON line: build seconds, RSS once settled and peak RSS (MB), folders watched, the kernel's count of
 * this process's inotify watches (/proc/self/fdinfo) and, when readable, the kernel memory of all inotify marks
 * (/proc/slabinfo `inotify_inode_mark`, root only). Run alone so the RSS is the index's own.
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { SqliteFileIndex } from "../src/server/search/index-service";
import { sharedFolderWatchers } from "../src/server/listing/listing-cache/watchers";
import { watchLimit } from "../src/server/search/tree-watch";

const [tree, file, mode] = process.argv.slice(2);
let peak = 0;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const watch = mode === "watch" ? { watchers: sharedFolderWatchers(), maxWatches: watchLimit(Infinity) } : undefined;
const index = new SqliteFileIndex({
  rootAbs: tree!,
  file: file!,
  intervalMinutes: 0,
  excludeDirs: [],
  fromScratch: true,
  watch,
});
const t0 = performance.now();
await index.start();
const buildS = (performance.now() - t0) / 1000;
clearInterval(sample);
Bun.gc(true);
await Bun.sleep(500);
const rss = process.memoryUsage().rss;
peak = Math.max(peak, rss, process.resourceUsage().maxRSS * 1024);

/** Watches the kernel holds for this process: the "inotify wd:" lines of its inotify descriptors. */
function kernelWatches(): number {
  let n = 0;
  for (const fd of readdirSync("/proc/self/fd")) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`) !== "anon_inode:inotify") continue;
      n += readFileSync(`/proc/self/fdinfo/${fd}`, "utf8")
        .split("\n")
        .filter((l) => l.startsWith("inotify wd:")).length;
    } catch {
      // The descriptor closed while we looked.
    }
  }
  return n;
}

/** KiB of the kernel's inotify mark slab (every process's marks), or null when /proc/slabinfo cannot be read. */
function markSlabKiB(): number | null {
  try {
    const line = readFileSync("/proc/slabinfo", "utf8")
      .split("\n")
      .find((l) => l.startsWith("inotify_inode_mark "));
    if (!line) return null;
    const [, active, , size] = line.split(/\s+/);
    return (Number(active) * Number(size)) / 1024;
  } catch {
    return null;
  }
}

const status = index.status();
const out = {
  mode,
  buildS,
  rssMB: rss / 1048576,
  peakMB: peak / 1048576,
  entries: status.entries,
  folders: status.watch?.folders ?? 0,
  short: status.watch?.short ?? false,
  kernelWatches: kernelWatches(),
  markSlabKiB: markSlabKiB(),
};
index.close();
console.log(JSON.stringify(out));
process.exit(0);
