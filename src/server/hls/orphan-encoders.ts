/**
 * @module HLS encoders left by a server that was killed (kill -9): each runs in its own process group and writes into
 * `<cacheDir>/hls/<key>/<res>/.work-<server pid>-<n>/`, so at boot the groups whose work folder names a server pid
 * that no longer runs are killed. Encoders of another live server sharing the cache dir are left alone.
 */
import { join } from "node:path";
import { killToolGroupsWhere } from "../tools/orphans";
import { HLS_CACHE_DIR } from "./segment-cache";

/** The server pid in an encoder argument naming a work folder under `hlsDir`, or null. */
export function workDirOwner(arg: string, hlsDir: string): number | null {
  if (!arg.includes(`${hlsDir}/`)) return null;
  const m = /\/\.work-(\d+)-\d+\//.exec(arg);
  return m ? Number(m[1]) : null;
}

/** True when process `pid` exists (signal 0 checks without sending; EPERM means it exists under another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Kills the HLS encoders of dead servers on `cacheDir`; returns how many were killed. Linux only (/proc). */
export function killOrphanEncoders(cacheDir: string): number {
  const hlsDir = join(cacheDir, HLS_CACHE_DIR);
  return killToolGroupsWhere((args) =>
    args.some((a) => {
      const owner = workDirOwner(a, hlsDir);
      return owner !== null && owner !== process.pid && !isRunning(owner);
    }),
  );
}
