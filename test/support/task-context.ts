/**
 * @module A real TaskContext for kind-level tests: the engine's scope and target of a temp folder, a real
 * AbortController, recorded reports and tracked outputs, and a runner that cleans up like the engine does
 * (tracked outputs removed when the run fails or is cancelled, the temp folder always).
 */
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeTaskScope, resolveTarget } from "../../src/tasks/context";
import type { TaskContext, TaskKind } from "../../src/tasks/types";
import type { Rule } from "../../src/shared/wire/user";
import { DEFAULT_SETTINGS } from "../../src/shared/wire/settings";

/** A deny rule for a path prefix (docs/product.md "Rule"). */
export const denyPath = (path: string): Rule => ({ allow: false, path, regex: false, regexp: { raw: "" } });

/** A context plus what a test inspects. */
export interface TestTaskContext {
  ctx: TaskContext;
  controller: AbortController;
  reports: string[];
  tracked: string[];
  /** The folder made for this context's temp dir; runKind removes it (and only it). */
  tempRoot: string;
}

/** A context for a task on `path` inside the scope folder `root`, for an owner with `rules`. */
export function makeTaskContext(root: string, path: string, rules: Rule[] = []): TestTaskContext {
  const controller = new AbortController();
  const reports: string[] = [];
  const tracked: string[] = [];
  const scope = makeTaskScope(realpathSync(root), { scope: "/", rules }, []);
  const tempRoot = mkdtempSync(join(tmpdir(), "fbe-task-"));
  const tempDir = join(tempRoot, "work");
  mkdirSync(tempDir);
  const ctx: TaskContext = {
    signal: controller.signal,
    target: resolveTarget(scope, path),
    scope,
    tempDir,
    settings: DEFAULT_SETTINGS,
    report: (m) => reports.push(m),
    trackOutput: (abs) => tracked.push(abs),
  };
  return { ctx, controller, reports, tracked, tempRoot };
}

/**
 * Runs `kind` on the context with `raw` params (parsed by the kind, as the engine does); on failure removes the
 * tracked outputs that exist and rethrows; always removes the temp folder.
 */
export async function runKind<P>(kind: TaskKind<P>, t: TestTaskContext, raw: unknown = {}): Promise<string> {
  try {
    kind.checkTarget(t.ctx.target);
    return await kind.run(t.ctx, kind.parseParams(raw));
  } catch (err) {
    for (const abs of t.tracked.reverse()) if (existsSync(abs)) rmSync(abs, { recursive: true, force: true });
    throw err;
  } finally {
    // Only what makeTaskContext made: a test may point ctx.tempDir elsewhere.
    rmSync(t.tempRoot, { recursive: true, force: true });
    if (t.ctx.tempDir !== join(t.tempRoot, "work")) rmSync(t.ctx.tempDir, { recursive: true, force: true });
  }
}
