/**
 * @module Finds tools left running by a server that was killed (kill -9, power loss of the parent only): runTool
 * starts each tool as the leader of its own process group, so after a crash the group lives on as an orphan still
 * writing a task's partial output. Linux only (/proc); elsewhere nothing is found.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename } from "node:path";
import { isTempName } from "../fs/temp-name";
import { TOOL_OUTPUT_DIR } from "./tool-input";

/** The process group id in a /proc/PID/stat line (the field after the parenthesised command name), or null. */
export function groupOfStat(stat: string): number | null {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const pgrp = Number(fields[2]);
  return Number.isInteger(pgrp) ? pgrp : null;
}

/**
 * The argument endings that name `path` in a tool's command line: the path itself (7-Zip's `-o/path` ends with it),
 * and, when its name is a temp name (random, so unique to one run), the name in the output folder the tool
 * inherited (`/proc/self/fd/4/<name>`, tool-input.ts TOOL_OUTPUT_DIR), which is how tasks hand outputs to tools.
 */
function endingsOf(path: string): string[] {
  const name = basename(path);
  return isTempName(name) ? [path, `${TOOL_OUTPUT_DIR}/${name}`] : [path];
}

/** True when one argument names one of `paths` itself or ends with one of their endings (endingsOf). */
function namesPath(args: string[], paths: readonly string[]): boolean {
  const endings = paths.flatMap(endingsOf);
  return args.some((a) => endings.some((e) => a.endsWith(e)));
}

/**
 * Kills (SIGKILL, the whole group) every process group leader whose arguments name one of `paths`, e.g. the
 * temporary output of an interrupted task. Returns how many groups were killed.
 */
export function killToolGroupsUsing(paths: readonly string[]): number {
  if (paths.length === 0) return 0;
  return killToolGroupsWhere((args) => namesPath(args, paths));
}

/**
 * Kills (SIGKILL, the whole group) every process group leader whose argument list satisfies `test`, e.g. an HLS
 * encoder writing into a work folder of a server that died. Returns how many groups were killed.
 */
export function killToolGroupsWhere(test: (args: string[]) => boolean): number {
  let killed = 0;
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((p) => /^\d+$/.test(p));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      if (groupOfStat(readFileSync(`/proc/${pid}/stat`, "utf8")) !== Number(pid)) continue;
      if (!test(readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0"))) continue;
      process.kill(-Number(pid), "SIGKILL");
      killed++;
    } catch {
      // The process ended while we looked, or is not ours to signal.
    }
  }
  return killed;
}
