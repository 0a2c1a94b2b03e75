/**
 * @module A real TaskContext for kind-level tests: a scope on a temp folder (resolved with fs/scope.ts), a real
 * AbortController, recorded reports and tracked outputs, and a runner that cleans up like the engine does
 * (tracked outputs removed when the run fails or is cancelled, the temp folder always).
 */
import { existsSync, mkdtempSync, openSync, readSync, closeSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { normalizeVirtualPath, realVirtualPath, resolveInScope } from "../../src/server/fs/scope";
import { extensionOf, typeFromHead, typeFromName } from "../../src/server/fs/file-type";
import { TaskInputError, type TaskContext, type TaskKind, type TaskScope, type TaskTarget } from "../../src/tasks/types";

/** A context plus what a test inspects. */
export interface TestTaskContext {
  ctx: TaskContext;
  controller: AbortController;
  reports: string[];
  tracked: string[];
}

/** A scope rooted at `root` with no rules. */
export function testScope(root: string): TaskScope {
  return {
    root,
    resolve(virtualPath) {
      try {
        return resolveInScope(root, normalizeVirtualPath(virtualPath)).abs;
      } catch (err) {
        throw new TaskInputError((err as Error).message);
      }
    },
    virtualOf: (abs) => realVirtualPath(root, abs),
    allows: () => true,
  };
}

/** The target at virtual `path` in `root`, typed like the listing does (name first, then the file's head). */
export function testTarget(root: string, path: string): TaskTarget {
  const abs = join(root, path);
  const isDir = statSync(abs).isDirectory();
  let type = "";
  if (!isDir) {
    type = typeFromName(basename(abs)) ?? "";
    if (!type) {
      const head = new Uint8Array(512);
      const fd = openSync(abs, "r");
      const n = readSync(fd, head, 0, 512, 0);
      closeSync(fd);
      type = typeFromHead(head.subarray(0, n));
    }
  }
  return { path, abs, isDir, type, extension: isDir ? "" : extensionOf(abs) };
}

/** A context for a task on `path` inside the scope folder `root`. */
export function makeTaskContext(root: string, path: string): TestTaskContext {
  const controller = new AbortController();
  const reports: string[] = [];
  const tracked: string[] = [];
  const ctx: TaskContext = {
    signal: controller.signal,
    target: testTarget(root, path),
    scope: testScope(root),
    tempDir: join(mkdtempSync(join(tmpdir(), "fbe-task-")), "work"),
    report: (m) => reports.push(m),
    trackOutput: (abs) => tracked.push(abs),
  };
  return { ctx, controller, reports, tracked };
}

/**
 * Runs `kind` on the context with `raw` params (parsed by the kind, as the engine does); on failure removes the
 * tracked outputs that exist and rethrows; always removes the temp folder.
 */
export async function runKind<P>(kind: TaskKind<P>, t: TestTaskContext, raw: unknown = {}): Promise<string> {
  kind.checkTarget(t.ctx.target);
  const params = kind.parseParams(raw);
  try {
    return await kind.run(t.ctx, params);
  } catch (err) {
    for (const abs of t.tracked.reverse()) if (existsSync(abs)) rmSync(abs, { recursive: true, force: true });
    throw err;
  } finally {
    rmSync(join(t.ctx.tempDir, ".."), { recursive: true, force: true });
  }
}
