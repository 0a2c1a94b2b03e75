/**
 * @module What a task sees of its owner's files (TaskScope: the owner's scope and rules through fs/scope.ts and
 * fs/rules.ts, the same checks a request path gets) and the TaskTarget of a path, so a task reads and writes only
 * where its owner may (docs/interfaces.md "Paths": outputs never leave the scope).
 */
import { statSync } from "node:fs";
import { basename } from "node:path";
import { normalizeVirtualPath, realVirtualPath, resolveInScope, scopeDir } from "../server/fs/scope";
import { pathFilter } from "../server/fs/rules";
import { describe } from "../server/fs/describe";
import type { Rule, User } from "../server/users/types";
import { TaskInputError, type TaskScope, type TaskTarget } from "./types";

/** The refusal of a path outside the scope or denied by the rules: the same for both, like a 403 of the API. */
export const PATH_REFUSED_MESSAGE = "path is outside your scope or not allowed";
/** The refusal of a TargetPath that does not exist. */
export const TARGET_MISSING_MESSAGE = "target does not exist";

/**
 * The TaskScope of `user` under the files root `rootReal`, with the global rules before the user's own
 * (docs/product.md "Roles and permissions"; the last matching rule wins).
 */
export function makeTaskScope(
  rootReal: string,
  user: Pick<User, "scope" | "rules">,
  globalRules: readonly Rule[],
): TaskScope {
  const root = scopeDir(rootReal, user.scope);
  const allows = pathFilter(globalRules, user.rules);
  return {
    root,
    allows,
    virtualOf: (abs) => realVirtualPath(root, abs),
    resolve(virtualPath) {
      try {
        const target = resolveInScope(root, normalizeVirtualPath(virtualPath));
        const real = realVirtualPath(root, target.abs);
        // Judged as named and where it really lives, so a link cannot reach a denied folder.
        if (!allows(target.path) || real === null || !allows(real)) throw new TaskInputError(PATH_REFUSED_MESSAGE);
        return target.abs;
      } catch (err) {
        if (err instanceof TaskInputError) throw err;
        throw new TaskInputError(PATH_REFUSED_MESSAGE);
      }
    },
  };
}

/**
 * The TaskTarget of the virtual path `targetPath` in `scope`: checked like any request path, then stat'ed; the
 * type comes from fs/describe.ts `describe`, as a file's own listing gives it.
 * @throws TaskInputError when the path is refused or does not exist.
 */
export function resolveTarget(scope: TaskScope, targetPath: string): TaskTarget {
  const abs = scope.resolve(targetPath);
  const path = normalizeVirtualPath(targetPath).path;
  let info: ReturnType<typeof describe>;
  try {
    statSync(abs);
    // Gone between the two looks (a folder on its path renamed or swapped meanwhile): missing too, never an error.
    info = describe(abs, path, path === "/" ? "" : basename(abs));
  } catch {
    throw new TaskInputError(TARGET_MISSING_MESSAGE);
  }
  return { path, abs, isDir: info.isDir, type: info.type, extension: info.extension };
}

/** The TargetPath stored with a task: the virtual path, a folder ending with "/" (docs/product.md "Task"). */
export function storedTargetPath(target: TaskTarget): string {
  return target.isDir && target.path !== "/" ? `${target.path}/` : target.path;
}
