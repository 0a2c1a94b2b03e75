/**
 * @module Pure parts of the upload flow (docs/product.md "Upload"): conflicts, progress totals, and what the panel
 * says.
 */
import { secondsLeft } from "./upload-speed-rules";
import { keepBothName, type ConflictChoices } from "./transfer-rules";

/**
 * Where one upload stands. `skipped`: the user kept the existing file; `cancelled`: the user stopped the upload;
 * `paused`: a resumable upload the user paused (the server keeps its bytes).
 */
export type UploadStatus = "queued" | "uploading" | "paused" | "done" | "failed" | "skipped" | "cancelled";

/**
 * Names among the uploads that already exist in the target folder (docs/product.md "Upload": "If any dropped name
 * already exists").
 */
export function findConflicts(names: readonly string[], existing: readonly string[]): string[] {
  const taken = new Set(existing);
  return [...new Set(names.filter((n) => taken.has(n)))];
}

/** A path relative to the upload's folder, split at its first segment (the name that can clash). */
function splitTop(path: string): [top: string, rest: string] {
  const cut = path.indexOf("/");
  return cut < 0 ? [path, ""] : [path.slice(0, cut), path.slice(cut)];
}

/**
 * Applies the replace prompt's answers to an upload (docs/product.md "Upload"): under a clashing top-level name,
 * Replace sends with override, Keep both sends under a free name (`name (1).ext`, numbered as the server does; `taken`
 * are the folder's names), Skip (or no answer) leaves it out. Names that do not clash go as they are.
 */
export function applyConflictChoices<F extends { relativePath: string }>(
  files: readonly F[],
  emptyDirs: readonly string[],
  conflicts: readonly string[],
  choices: ConflictChoices,
  taken: readonly string[],
): { files: Array<F & { override: boolean }>; emptyDirs: string[] } {
  const used = new Set([...taken, ...[...files.map((f) => f.relativePath), ...emptyDirs].map((p) => splitTop(p)[0])]);
  const renamed = new Map<string, string>();
  for (const name of conflicts) {
    if (choices[name] !== "keepBoth") continue;
    const isDir =
      emptyDirs.some((d) => splitTop(d)[0] === name) || files.some((f) => f.relativePath.startsWith(`${name}/`));
    const fresh = keepBothName(name, isDir, used);
    used.add(fresh);
    renamed.set(name, fresh);
  }
  const route = (path: string): { path: string; override: boolean } | null => {
    const [top, rest] = splitTop(path);
    if (!conflicts.includes(top)) return { path, override: false };
    const choice = choices[top] ?? "skip";
    if (choice === "skip") return null;
    return { path: `${renamed.get(top) ?? top}${rest}`, override: choice === "replace" };
  };
  const out: Array<F & { override: boolean }> = [];
  for (const f of files) {
    const to = route(f.relativePath);
    if (to) out.push({ ...f, relativePath: to.path, override: to.override });
  }
  const dirs = emptyDirs
    .map(route)
    .filter((d) => d !== null)
    .map((d) => d.path);
  return { files: out, emptyDirs: dirs };
}

/**
 * One file's progress in whole percent, by the rule of the panel's total (totalProgress): 100 only once the server
 * confirmed it, else at most 99 (all bytes sent is not stored yet); an empty file shows 0 until then.
 */
export function itemPercent(item: ProgressItem): number {
  if (item.status === "done") return 100;
  if (item.size === 0) return 0;
  return Math.min(99, Math.floor((Math.min(item.loaded, item.size) / item.size) * 100));
}

/** What the progress display needs from one upload. */
export interface ProgressItem {
  size: number;
  loaded: number;
  status: UploadStatus;
}

/** Statuses whose bytes are not (or no longer) going to be sent. */
const LEFT_OUT: ReadonlySet<UploadStatus> = new Set(["skipped", "failed", "cancelled"]);

/** Bytes sent, bytes to send and the percentage (0-100, whole) over the uploads that still count. */
export function totalProgress(items: readonly ProgressItem[]): { loaded: number; total: number; percent: number } {
  const counted = items.filter((i) => !LEFT_OUT.has(i.status));
  const total = counted.reduce((s, i) => s + i.size, 0);
  const loaded = counted.reduce((s, i) => s + (i.status === "done" ? i.size : Math.min(i.loaded, i.size)), 0);
  const finished = counted.length > 0 && counted.every((i) => i.status === "done");
  const percent = finished ? 100 : total === 0 ? 0 : Math.min(99, Math.floor((loaded / total) * 100));
  return { loaded, total, percent };
}

/** Whether any upload is still waiting, running or paused. */
export function isBusy(items: readonly ProgressItem[]): boolean {
  return items.some((i) => i.status === "queued" || i.status === "uploading" || i.status === "paused");
}

/**
 * The next upload to start, in queue order, or none yet: resumable ones run up to `parallel` at once; a plain
 * one runs alone (it starts once nothing runs, and nothing starts beside it).
 */
export function nextToStart<T extends { status: UploadStatus; resumable: boolean }>(
  items: readonly T[],
  parallel: number,
): T | undefined {
  const running = items.filter((i) => i.status === "uploading");
  if (running.some((i) => !i.resumable)) return undefined;
  const next = items.find((i) => i.status === "queued");
  if (!next) return undefined;
  return running.length < (next.resumable ? parallel : 1) ? next : undefined;
}

/** The panel's headline: running, paused, or how the batch ended (a cancel, then a failure, wins over the successes). */
export type UploadOutcome = "uploading" | "paused" | "cancelled" | "failed" | "done" | "nothing";

/** The outcome of the uploads in the panel; `paused` when nothing runs or waits but some are paused. */
export function uploadOutcome(items: readonly ProgressItem[]): UploadOutcome {
  if (items.some((i) => i.status === "queued" || i.status === "uploading")) return "uploading";
  if (items.some((i) => i.status === "paused")) return "paused";
  if (items.some((i) => i.status === "cancelled")) return "cancelled";
  if (items.some((i) => i.status === "failed")) return "failed";
  if (items.some((i) => i.status === "done")) return "done";
  return "nothing";
}

/** Ended statuses with how many uploads have each, in the order the panel lists them; zero counts are left out. */
export function endedCounts(
  items: readonly ProgressItem[],
): Array<{ status: "done" | "cancelled" | "failed" | "skipped"; count: number }> {
  const order = ["done", "cancelled", "failed", "skipped"] as const;
  return order
    .map((status) => ({ status, count: items.filter((i) => i.status === status).length }))
    .filter((c) => c.count > 0);
}

/** Why an upload failed, from the HTTP status of the answer (0: no answer), for a translated message. */
export type FailureReason = "network" | "forbidden" | "notFound" | "server";

/** Maps an answer's status to the reason shown to the user. */
export function failureReason(status: number): FailureReason {
  if (status === 0) return "network";
  if (status === 401 || status === 403) return "forbidden";
  if (status === 404) return "notFound";
  return "server";
}

/** One piece of the text under a headline or a file name; the panel translates each and joins them with " · ". */
export type DetailPart =
  | { kind: "progress"; loaded: number; total: number }
  | { kind: "size"; bytes: number }
  | { kind: "speed"; bytesPerSecond: number }
  | { kind: "timeLeft"; seconds: number }
  | { kind: "count"; status: "done" | "cancelled" | "failed" | "skipped"; count: number }
  | { kind: "reason"; reason: FailureReason }
  | { kind: "waiting" }
  | { kind: "paused" }
  | { kind: "stalled" };

/** Speed and time left, when the speed is known and above zero. */
function pace(remaining: number, speed: number | null): DetailPart[] {
  const seconds = secondsLeft(remaining, speed);
  if (speed === null || seconds === null) return [];
  return [
    { kind: "speed", bytesPerSecond: speed },
    { kind: "timeLeft", seconds },
  ];
}

/** The line under the panel's headline: bytes, speed and time left while running; the counts once ended. */
export function panelSummary(items: readonly ProgressItem[], speed: number | null): DetailPart[] {
  if (!isBusy(items)) return endedCounts(items).map((c) => ({ kind: "count", ...c }));
  const { loaded, total } = totalProgress(items);
  return [{ kind: "progress", loaded, total }, ...pace(total - loaded, speed)];
}

/** The line under one file's name, by its status; `stalled`: a resumable upload waits for the connection. */
export function itemDetail(
  item: ProgressItem & { speed: number | null; error: FailureReason | null; stalled?: boolean },
): DetailPart[] {
  const progress: DetailPart = { kind: "progress", loaded: Math.min(item.loaded, item.size), total: item.size };
  switch (item.status) {
    case "uploading":
      // Stalled: the bar shows how far it got; the line says why it does not move.
      return item.stalled ? [{ kind: "stalled" }] : [progress, ...pace(item.size - item.loaded, item.speed)];
    case "paused":
      return [progress, { kind: "paused" }];
    case "queued":
      return [{ kind: "waiting" }, { kind: "size", bytes: item.size }];
    case "failed":
      return item.error ? [{ kind: "reason", reason: item.error }] : [{ kind: "size", bytes: item.size }];
    case "cancelled":
      return item.loaded > 0
        ? [{ kind: "progress", loaded: Math.min(item.loaded, item.size), total: item.size }]
        : [{ kind: "size", bytes: item.size }];
    default:
      return [{ kind: "size", bytes: item.size }];
  }
}
