/**
 * @module Refuses an operation on a folder that would reach items the user's allow/deny rules hide below it
 * (docs/product.md "Roles and permissions": denied items are hidden and cannot be reached): a move would carry them out
 * from under their rule, a delete or a recursive chmod would change what the user may not even see.
 */
import { lstat } from "node:fs/promises";
import { Forbidden } from "../errors";
import { hiddenBelowDetail, type HiddenBelowAction } from "../../shared/wire/hidden-below";
import { someItemBelow } from "./copy-tree";
import type { PathFilter } from "./rules";
import type { ScopedPath } from "./scope";

/**
 * Resolves when no item below the folder `target` is denied by `isAllowed` (a file, or rules that cannot hide
 * anything below it, pass at once; otherwise the tree is walked, links not followed).
 * @throws Forbidden (403) when some item below is hidden, its detail naming `action`: "cannot move a folder holding
 * items the rules hide" (the UI tells the user why from it, ui/api/errors.ts).
 */
export async function assertNothingHiddenBelow(
  target: ScopedPath,
  isAllowed: PathFilter,
  action: HiddenBelowAction,
): Promise<void> {
  if (!isAllowed.hidesBelow?.(target.path)) return;
  if (!(await lstat(target.abs)).isDirectory()) return;
  const base = target.path === "/" ? "" : target.path;
  if (await someItemBelow(target.abs, (rel) => !isAllowed(`${base}${rel}`))) {
    throw new Forbidden(hiddenBelowDetail(action));
  }
}
