/** @module The registry of task kinds (docs/product.md "Sockets", "Task params"). */
import type { TaskKind, TaskKindName } from "../types";
import { mktorrentKind } from "./mktorrent";
import { mkthumbKind } from "./mkthumb";
import { extractSubKind } from "./extract-sub";
import { unarchiveKind } from "./unarchive";

/** Every kind by its Task name. */
export const TASK_KIND_REGISTRY: { readonly [K in TaskKindName]: TaskKind<any> } = {
  mktorrent: mktorrentKind,
  mkthumb: mkthumbKind,
  extract_sub: extractSubKind,
  unarchive: unarchiveKind,
};
