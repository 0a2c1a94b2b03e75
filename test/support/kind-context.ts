/**
 * @module A real TaskContext for kind-level tests (src/tasks/types.ts): a real AbortController, the engine's own
 * scope and target resolution (src/tasks/context.ts) over a temp folder with optional rules, recorded progress
 * reports, and the engine's cleanup of tracked outputs when a run fails or is cancelled (src/tasks/run-task.ts).
 */
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Rule } from "../../src/shared/wire/user";
import { makeTaskScope, resolveTarget } from "../../src/tasks/context";
import type { TaskContext, TaskKind } from "../../src/tasks/types";

/** A context and what the test inspects. */
export interface KindHarness {
  ctx: TaskContext;
  controller: AbortController;
  reports: string[];
  tracked: string[];
}

/** A deny rule for a path prefix (SPEC section 3 Rule). */
export const denyPath = (path: string): Rule => ({ allow: false, path, regex: false, regexp: { raw: "" } });

/** A context for the item at `virtualPath` ("/a/clip.mp4", "/" for the root) of a user whose scope is `root`. */
export function makeKindContext(root: string, virtualPath: string, rules: Rule[] = []): KindHarness {
  const scope = makeTaskScope(realpathSync(root), { scope: "/", rules }, []);
  const controller = new AbortController();
  const reports: string[] = [];
  const tracked: string[] = [];
  const ctx: TaskContext = {
    signal: controller.signal,
    target: resolveTarget(scope, virtualPath),
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
