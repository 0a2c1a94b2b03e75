/** @module Breadcrumb trail of a folder path (docs/product.md "Files view"). */

/** Breadcrumbs show only this many trailing path segments (docs/product.md "Files view"). */
const BREADCRUMB_VISIBLE_SEGMENTS = 3;

/**
 * One crumb: its label and the folder path it opens (decoded, ending with "/"). The folded "..." crumb also
 * lists the ancestors it stands for in `hidden`, outermost first (its own path is the deepest of them).
 */
export interface Crumb {
  name: string;
  path: string;
  hidden?: readonly Crumb[];
}

/**
 * Splits a path into crumbs. Only the last `visible` segments keep their names; when earlier ones exist,
 * they are folded into one leading "..." crumb that opens the deepest hidden folder (docs/product.md "Files view":
 * anything before the shown segments is '...') and lists them all. A file path keeps its own name as the last crumb.
 */
export function breadcrumbTrail(path: string, visible: number = BREADCRUMB_VISIBLE_SEGMENTS): Crumb[] {
  const isDir = path.endsWith("/");
  const parts = path.split("/").filter(Boolean);
  const crumbs: Crumb[] = [];
  let acc = "/";
  parts.forEach((name, i) => {
    acc += name;
    const last = i === parts.length - 1;
    if (!last || isDir) acc += "/";
    crumbs.push({ name, path: acc });
  });
  return foldCrumbs(crumbs, visible);
}

/**
 * Folds a trail (folded already or not) again so that only its last `visible` crumbs (at least 1) keep their
 * names: a narrow screen shows fewer. The ancestors left out go into the leading "..." crumb.
 */
export function foldCrumbs(crumbs: readonly Crumb[], visible: number): Crumb[] {
  const all = crumbs.flatMap((c) => c.hidden ?? [c]);
  const keep = Math.max(1, visible);
  if (all.length <= keep) return all;
  const hidden = all.slice(0, all.length - keep);
  return [{ name: "...", path: hidden[hidden.length - 1].path, hidden }, ...all.slice(-keep)];
}
