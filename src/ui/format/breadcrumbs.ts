/** @module Breadcrumb trail of a folder path (SPEC §2 Files view). */
import { BREADCRUMB_VISIBLE_SEGMENTS } from "../constants";

/** One crumb: its label and the folder path it opens (decoded, ending with "/"). */
export interface Crumb {
  name: string;
  path: string;
}

/**
 * Splits a path into crumbs. Only the last `visible` segments keep their names; when earlier ones exist,
 * they are folded into one leading "..." crumb that opens the deepest hidden folder (SPEC §2: "the
 * earliest shown becomes '...'"). A file path keeps its own name as the last crumb.
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
  if (crumbs.length <= visible) return crumbs;
  const shown = crumbs.slice(crumbs.length - visible - 1);
  shown[0] = { ...shown[0], name: "..." };
  return shown;
}
