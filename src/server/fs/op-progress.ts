/**
 * @module Progress of long file operations (copy, move across file systems, delete of big trees): the client names
 * the operation with an `X-Progress-Id` header, the operation counts items and bytes as it goes, and
 * `GET /api/progress/{id}` reads the counts. Kept in memory for PROGRESS_TTL_MS after the operation ends.
 */
import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";
import { UPLOAD_TEMP_PREFIX } from "../constants";
import type { OperationProgress } from "../../shared/wire/op-progress";

/** How long a finished operation's counts stay readable (ms). */
export const PROGRESS_TTL_MS = 60_000;
/** The shape of a client-chosen progress id. */
const ID_SHAPE = /^[A-Za-z0-9_-]{8,64}$/;

/** Counts of one operation, as GET /api/progress/{id} answers them. */
export type OpProgress = OperationProgress;

const running = new Map<string, { owner: number; progress: OpProgress; endedAt?: number }>();

/** True when `id` can name an operation (8-64 of letters, digits, `-` and `_`). */
export function isProgressId(id: string | undefined): id is string {
  return id !== undefined && ID_SHAPE.test(id);
}

/** Registers operation `id` of user `owner` (replacing an older one of that id); returns its live counts. */
export function startProgress(id: string, owner: number, action: OpProgress["action"]): OpProgress {
  const now = Date.now();
  for (const [k, v] of running) if (v.endedAt !== undefined && now - v.endedAt > PROGRESS_TTL_MS) running.delete(k);
  const progress: OpProgress = { action, totalItems: 0, totalBytes: 0, doneItems: 0, doneBytes: 0, done: false };
  running.set(id, { owner, progress });
  return progress;
}

/** Marks the operation done (its counts stay readable for PROGRESS_TTL_MS). */
export function endProgress(id: string): void {
  const entry = running.get(id);
  if (!entry) return;
  entry.progress.done = true;
  entry.endedAt = Date.now();
}

/** The counts of `id` when user `owner` started it, else null (another user's id reads as unknown). */
export function progressOf(id: string, owner: number): OpProgress | null {
  const entry = running.get(id);
  return entry && entry.owner === owner ? entry.progress : null;
}

/** Adds the items and file bytes below `abs` (itself included, links not followed) to the totals of `p`. */
export async function measureTree(abs: string, p: OpProgress): Promise<void> {
  const st = await lstat(abs);
  p.totalItems++;
  if (st.isFile()) p.totalBytes += st.size;
  if (!st.isDirectory()) return;
  for (const name of await readdir(abs)) {
    if (name.startsWith(UPLOAD_TEMP_PREFIX)) continue;
    await measureTree(join(abs, name), p).catch(() => {});
  }
}

/** A callback for one handled item of `bytes` (0 for folders and links) counted into `p`; null without `p`. */
export function itemCounter(p: OpProgress | null): ((bytes: number) => void) | undefined {
  if (!p) return undefined;
  return (bytes) => {
    p.doneItems++;
    p.doneBytes += bytes;
  };
}
