/**
 * @module Pure rules of moving and copying (docs/product.md "Cut, copy and paste", "Operations"): the steps of a batch.
 */
import { joinPath, parentPath } from "../format/encode-path";
import { numberedName } from "../../shared/wire/free-name";

/** Move or copy. */
export type TransferAction = "move" | "copy";

/** One item to send: from a path to its new path, and whether the server should pick a free name at once. */
export interface TransferStep {
  from: string;
  to: string;
  name: string;
  keepBoth: boolean;
}

/** The steps of a batch, plus the items left out because they cannot go there. */
export interface TransferPlan {
  steps: TransferStep[];
  /** Moving into the folder it is already in: nothing to do. */
  unchanged: string[];
  /** A folder into itself or one of its subfolders (the server would answer 400). */
  intoItself: string[];
}

/** The last segment of a path ("/a/b/" -> "b"). */
export function baseName(path: string): string {
  return path.replace(/\/+$/, "").split("/").pop() ?? "";
}

function asDir(path: string): string {
  return path.endsWith("/") ? path : `${path}/`;
}

/** Whether `dest` (a folder) is `source` itself or inside it. */
export function isInside(dest: string, source: string): boolean {
  return asDir(dest).startsWith(asDir(source));
}

/**
 * Plans moving or copying `paths` into the folder `destDir`. Folders keep their trailing slash. A move into
 * the folder the item is in does nothing; a copy there keeps both (the server picks "name (1)"). A folder
 * cannot go into itself.
 */
export function planTransfer(action: TransferAction, paths: readonly string[], destDir: string): TransferPlan {
  const plan: TransferPlan = { steps: [], unchanged: [], intoItself: [] };
  const dest = asDir(destDir);
  for (const from of paths) {
    const isDir = from.endsWith("/");
    if (isDir && isInside(dest, from)) {
      plan.intoItself.push(from);
      continue;
    }
    const sameFolder = parentPath(from) === dest;
    if (sameFolder && action === "move") {
      plan.unchanged.push(from);
      continue;
    }
    const name = baseName(from);
    const to = joinPath(dest, name) + (isDir ? "/" : "");
    plan.steps.push({ from, to, name, keepBoth: sameFolder });
  }
  return plan;
}

/** What the user chose for a name that exists at the destination. */
export type ConflictChoice = "replace" | "keepBoth" | "skip";

/**
 * The name "Keep both" gives an item whose name is taken: `name (1).ext`, `name (2).ext`... (numbered as the server
 * does for moves and copies), the first not in `taken`.
 */
export function keepBothName(name: string, isDir: boolean, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const candidate = numberedName(name, n, isDir);
    if (!taken.has(candidate)) return candidate;
  }
}

/** What the user chose for each clashing name of an upload (a name left out counts as skipped). */
export type ConflictChoices = Readonly<Record<string, ConflictChoice>>;
