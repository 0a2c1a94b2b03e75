/**
 * @module A real TaskContext for kind-level tests (src/tasks/types.ts): a real AbortController, a scope over a temp
 * folder with an optional rule predicate, recorded progress reports, and the engine's cleanup of tracked outputs
 * when a run fails or is cancelled.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { extensionOf, typeFromName } from "../../src/server/fs/file-type";
import { TaskInputError, type TaskContext, type TaskKind, type TaskScope } from "../../src/tasks/types";

/** A context and what the test inspects. */
export interface KindHarness {
  ctx: TaskContext;
  controller: AbortController;
  reports: string[];
  tracked: string[];
}

/** A scope over `root`; `allows` defaults to allowing everything. */
export function makeScope(root: string, allows: (virtualPath: string) => boolean = () => true): TaskScope {
  const virtualOf = (abs: string) => {
    const rel = relative(root, resolve(abs));
    return rel.startsWith("..") ? null : `/${rel}`;
  };
  return {
    root,
    resolve(v) {
      const abs = resolve(root, `.${v}`);
      if (virtualOf(abs) === null || !allows(v)) throw new TaskInputError(`${v} is outside the scope`);
      return abs;
    },
    virtualOf,
    allows,
  };
}

/** A context for the item at `virtualPath` ("/a/clip.mp4", "/" for the root) inside `root`. */
export function makeKindContext(root: string, virtualPath: string, allows?: (v: string) => boolean): KindHarness {
  const scope = makeScope(root, allows);
  const abs = scope.resolve(virtualPath);
  const isDir = statSync(abs).isDirectory();
  const controller = new AbortController();
  const reports: string[] = [];
  const tracked: string[] = [];
  const name = abs.split("/").pop() ?? "";
  const ctx: TaskContext = {
    signal: controller.signal,
    target: { path: virtualPath, abs, isDir, type: isDir ? "" : (typeFromName(name) ?? "blob"), extension: isDir ? "" : extensionOf(name) },
    scope,
    tempDir: mkdtempSync(join(tmpdir(), "fbe-kind-tmp-")),
    report: (m) => reports.push(m),
    trackOutput: (p) => tracked.push(p),
  };
  return { ctx, controller, reports, tracked };
}

/**
 * Runs a kind as the engine does: parse the params, check the target, run; on failure or cancel the tracked
 * outputs are removed; the temp dir is removed in every case. Resolves with the done message.
 */
export async function runKind<P>(kind: TaskKind<P>, h: KindHarness, rawParams: unknown): Promise<string> {
  try {
    const params = kind.parseParams(rawParams);
    kind.checkTarget(h.ctx.target);
    return await kind.run(h.ctx, params);
  } catch (e) {
    for (const p of h.tracked) rmSync(p, { force: true });
    throw e;
  } finally {
    rmSync(h.ctx.tempDir, { recursive: true, force: true });
  }
}
