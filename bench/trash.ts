/**
 * @module Trash and version figures (docs/ARCHITECTURE.md "Trash", "Versions"): a delete of a 10 GB folder (sparse
 * files) into the trash through DELETE /api/resources, beside `mv` of the same folder; and an editor save (PUT) of a
 * 100 MB file with versions kept and with versionsKeep 0. Medians of RUNS, with the load average.
 */
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { BINARY } from "../scripts/build";
import { benchLogin, startBinary } from "./bench-server";

const RUNS = 5;
/** 10 GB in 100 sparse files of 100 MB each, in 10 folders. */
const FOLDERS = 10;
const FILES_PER_FOLDER = 10;
const FILE_BYTES = 100 * 1000 * 1000;
const SAVE_BYTES = 100 * 1024 * 1024;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

/** Makes the 10 GB folder at `dir` of sparse files (no blocks written). */
function makeBigFolder(dir: string): void {
  for (let f = 0; f < FOLDERS; f++) {
    mkdirSync(join(dir, `d${f}`), { recursive: true });
    for (let i = 0; i < FILES_PER_FOLDER; i++) {
      const fd = openSync(join(dir, `d${f}`, `f${i}.bin`), "w");
      ftruncateSync(fd, FILE_BYTES);
      closeSync(fd);
    }
  }
}

/** Runs `cmd` and returns its wall time in ms. Throws when it fails. */
function timed(cmd: string[]): number {
  const t = performance.now();
  const r = Bun.spawnSync(cmd);
  if (r.exitCode !== 0) throw new Error(`${cmd.join(" ")} failed: ${r.stderr.toString()}`);
  return performance.now() - t;
}

/** Lines of figures: the trash delete beside `mv`, and the save with and without versions. */
export async function benchTrash(): Promise<string[]> {
  const home = mkdtempSync(join(tmpdir(), "fbe-bench-trash-"));
  const root = join(home, "root");
  mkdirSync(root);
  const server = await startBinary(BINARY, root, home);
  try {
    const token = await benchLogin(server.url);
    const api = (method: string, path: string, body?: BodyInit) =>
      fetch(`${server.url}/api${path}`, { method, headers: { "X-Auth": token }, body });
    const trashMs: number[] = [];
    const mvMs: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      makeBigFolder(join(root, "big"));
      const t = performance.now();
      const res = await api("DELETE", "/resources/big");
      if (res.status !== 200) throw new Error(`delete: ${res.status}`);
      trashMs.push(performance.now() - t);
      await api("DELETE", "/trash");
      makeBigFolder(join(home, "mv-src"));
      mvMs.push(timed(["mv", join(home, "mv-src"), join(home, "mv-dst")]));
      rmSync(join(home, "mv-dst"), { recursive: true, force: true });
    }
    const bytes = randomBytes(SAVE_BYTES);
    writeFileSync(join(root, "doc.bin"), bytes);
    const saveMs = async (keep: number): Promise<number> => {
      const res = await api("PUT", "/settings", JSON.stringify({ versionsKeep: keep }));
      if (res.status !== 200) throw new Error(`settings: ${res.status}`);
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const t = performance.now();
        const saved = await api("PUT", "/resources/doc.bin", bytes);
        if (saved.status !== 200) throw new Error(`save: ${saved.status}`);
        times.push(performance.now() - t);
      }
      return median(times);
    };
    const withVersions = await saveMs(10);
    const without = await saveMs(0);
    const load = loadavg()[0]!.toFixed(2);
    return [
      `delete of a 10 GB folder (100 sparse files) into the trash: ${median(trashMs).toFixed(1)} ms; mv of the same folder: ${median(mvMs).toFixed(1)} ms (ratio ${(median(trashMs) / median(mvMs)).toFixed(1)}, the request's round trip included)`,
      `save (PUT) of a 100 MiB file: ${withVersions.toFixed(0)} ms with versions kept, ${without.toFixed(0)} ms with versionsKeep 0 (ratio ${(withVersions / without).toFixed(2)})`,
      `medians of ${RUNS} runs, load average ${load}`,
    ];
  } finally {
    server.proc.kill();
    await server.proc.exited;
    rmSync(home, { recursive: true, force: true });
  }
}
