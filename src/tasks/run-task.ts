/**
 * @module Runs one claimed task to its end: builds the TaskContext (the owner's scope and
 * rules, a temp folder in the cache dir, throttled progress, tracked outputs), checks the kind's tools, runs the
 * kind, and in `finally` removes partial outputs of a failed or cancelled run and the temp folder. The final
 * status goes through the queue: done with the kind's message, cancelled when the signal aborted, else failed.
 */
import { fsWrittenAll } from "../server/fs/changes";
import { mkdtempSync, mkdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { basename, join, posix } from "node:path";
import type { Database } from "bun:sqlite";
import { ACTIVE_TEMP_FILES } from "../server/fs/upload";
import { isTempName } from "../server/fs/temp-name";
import { findUserById } from "../server/db/users-table";
import { addTaskOutput } from "../server/db/tasks-table";
import { getSettings } from "../server/settings/settings-service";
import { missingTools } from "../server/tools/available";
import { TASK_KIND_REGISTRY } from "./kinds";
import { makeTaskScope, resolveTarget } from "./context";
import { scopeDir } from "../server/fs/scope";
import { withPinnedDir } from "../server/fs/beneath";
import { removeTree } from "../server/fs/copy-tree";
import type { TaskQueue } from "./queue";
import type { TaskContext, TaskRecord } from "./types";

/** Background tasks: at most this many progress pushes per second per task (a few pushes a second). */
const TASK_REPORT_INTERVAL_MS = 250;

/** What a run needs from the server. */
export interface RunTaskDeps {
  db: Database;
  queue: TaskQueue;
  /** Real path of the files root. */
  rootReal: string;
  /** The server's cache dir; runs get temp folders under `<cacheDir>/tasks/`. */
  cacheDir: string;
}

/** Progress pushes of one run, at most one per TASK_REPORT_INTERVAL_MS, the last message always delivered. */
function throttledReport(push: (message: string) => void): { report: (m: string) => void; stop: () => void } {
  let last = 0;
  let pendingMsg: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (pendingMsg === null) return;
    last = Date.now();
    push(pendingMsg);
    pendingMsg = null;
  };
  return {
    report(m) {
      pendingMsg = m;
      const wait = last + TASK_REPORT_INTERVAL_MS - Date.now();
      if (wait <= 0) flush();
      else timer ??= setTimeout(flush, wait);
    },
    stop: () => clearTimeout(timer),
  };
}

async function execute(
  deps: RunTaskDeps,
  task: TaskRecord,
  signal: AbortSignal,
  outputs: Set<string>,
  tempDir: string,
  report: (m: string) => void,
): Promise<string> {
  const kind = TASK_KIND_REGISTRY[task.kind];
  if (!kind) throw new Error(`unknown task kind ${task.kind}`);
  const missing = missingTools(kind.tools);
  if (missing.length) throw new Error(`${missing.join(", ")} is not installed on the server`);
  const owner = findUserById(deps.db, task.userId);
  if (!owner) throw new Error("the task's owner no longer exists");
  const settings = getSettings(deps.db);
  const scope = makeTaskScope(deps.rootReal, owner, settings.rules);
  // Checked again at run time: the file, the owner's scope or the rules may have changed since it was queued.
  const target = resolveTarget(scope, task.targetPath);
  kind.checkTarget(target);
  const params = kind.parseParams(task.params);
  const trackOutput = (abs: string) => {
    outputs.add(abs);
    // A temp output is held while the task runs: the temp sweeper leaves it alone, however long the run.
    if (isTempName(basename(abs))) ACTIVE_TEMP_FILES.add(abs);
    // Also stored, so a restart after a crash can remove it (pool.ts).
    addTaskOutput(deps.db, task.id, abs);
  };
  const ctx: TaskContext = { signal, target, scope, tempDir, settings, report, trackOutput };
  return kind.run(ctx, params);
}

/**
 * Runs the claimed (doing) `task` until it ends; resolves after the final status is stored. `signal` aborts the
 * run (cancel, shutdown). Never rejects: every error becomes the task's failure message.
 */
export async function runTask(deps: RunTaskDeps, task: TaskRecord, signal: AbortSignal): Promise<void> {
  const outputs = new Set<string>();
  const base = join(deps.cacheDir, "tasks");
  mkdirSync(base, { recursive: true });
  const tempDir = mkdtempSync(join(base, `${task.id}-`));
  const progress = throttledReport((m) => deps.queue.progress(task.id, m));
  let result: { ok: true; message: string } | { ok: false; message: string };
  try {
    result = { ok: true, message: await execute(deps, task, signal, outputs, tempDir, progress.report) };
  } catch (err) {
    result = {
      ok: false,
      message: withoutServerPaths(deps, task, tempDir, err instanceof Error ? err.message : String(err)),
    };
  } finally {
    progress.stop();
    for (const p of outputs) ACTIVE_TEMP_FILES.delete(p);
    await rm(tempDir, { recursive: true, force: true }).catch(() => {});
  }
  if (result.ok) {
    // A cancel that came after the work was complete is too late: the output is whole, so the task is done.
    fsWrittenAll(outputs);
    deps.queue.finish(task.id, result.message);
    return;
  }
  const owner = findUserById(deps.db, task.userId);
  const scopeRoot = owner ? scopeDir(deps.rootReal, owner.scope) : null;
  await Promise.all([...outputs].map((p) => removeOutput(scopeRoot, p).catch(() => {})));
  if (signal.aborted) deps.queue.markCancelled(task.id);
  else deps.queue.fail(task.id, result.message);
}

/**
 * Removes the partial output `abs` of a failed or cancelled run. Inside the owner's scope folder `scopeRoot` its folder
 * is pinned beneath the scope and the item removed from there without following links (fs/copy-tree.ts removeTree),
 * so a folder on its path swapped for a link out of the scope cannot turn the clean-up into a removal outside
 * (docs/security.md "Paths and races"); only a path outside the scope (an owner since deleted or moved) goes by path.
 * @throws what the removal throws (ENOENT when it is gone, FsError OUTSIDE_SCOPE when its folder leads out).
 */
async function removeOutput(scopeRoot: string | null, abs: string): Promise<void> {
  if (scopeRoot === null || !abs.startsWith(`${scopeRoot}/`)) return rm(abs, { recursive: true, force: true });
  const rel = abs.slice(scopeRoot.length);
  await withPinnedDir(scopeRoot, posix.dirname(rel), (dir) => removeTree({ dir, name: posix.basename(rel) }));
}

/**
 * A failure message as the task's owner may read it: an error of the file system or a tool names absolute paths
 * of the server (`mkdir '/srv/files/alice/x'`); paths in the owner's scope become virtual ones ("/x"), the temp
 * folder and the cache become placeholders, and any other path under the files root loses the root.
 */
function withoutServerPaths(deps: RunTaskDeps, task: TaskRecord, tempDir: string, message: string): string {
  const owner = findUserById(deps.db, task.userId);
  const swaps: [string, string][] = [
    [tempDir, "<temp>"],
    [deps.cacheDir, "<cache>"],
  ];
  if (owner) {
    const scope = scopeDir(deps.rootReal, owner.scope);
    if (scope !== deps.rootReal) swaps.push([`${scope}/`, "/"], [scope, "/"]);
  }
  swaps.push([`${deps.rootReal}/`, "/"], [deps.rootReal, "/"]);
  return swaps.reduce((text, [from, to]) => text.replaceAll(from, to), message);
}
