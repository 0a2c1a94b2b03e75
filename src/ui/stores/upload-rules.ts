/** @module Pure parts of the upload flow (SPEC §4 Upload): conflicts and progress totals. */

/** Names among the uploads that already exist in the target folder (SPEC §4: "If any dropped name already exists"). */
export function findConflicts(names: readonly string[], existing: readonly string[]): string[] {
  const taken = new Set(existing);
  return [...new Set(names.filter((n) => taken.has(n)))];
}

/** What the progress display needs from one upload. */
export interface ProgressItem {
  size: number;
  loaded: number;
  status: "queued" | "uploading" | "done" | "failed" | "skipped";
}

/** Bytes sent, bytes to send and the percentage (0-100, whole) over the uploads that still count. */
export function totalProgress(items: readonly ProgressItem[]): { loaded: number; total: number; percent: number } {
  const counted = items.filter((i) => i.status !== "skipped" && i.status !== "failed");
  const total = counted.reduce((s, i) => s + i.size, 0);
  const loaded = counted.reduce((s, i) => s + (i.status === "done" ? i.size : Math.min(i.loaded, i.size)), 0);
  const finished = counted.length > 0 && counted.every((i) => i.status === "done");
  const percent = finished ? 100 : total === 0 ? 0 : Math.min(99, Math.floor((loaded / total) * 100));
  return { loaded, total, percent };
}

/** Whether any upload is still waiting or running. */
export function isBusy(items: readonly ProgressItem[]): boolean {
  return items.some((i) => i.status === "queued" || i.status === "uploading");
}
