/**
 * @module Pure rules of the task list and connection (docs/product.md "Task panel", "Task lifecycle", "Task
 * connection", "Task messages").
 */
import { TASK_MSG, TASK_STATUS, type TaskMessage, type TaskStatusCode } from "../../shared/wire/task";

/** The task panel shows its totals table when it lists more tasks than this (docs/product.md "Task panel"). */
const TASK_TOTALS_ABOVE = 6;

/** The bulk actions of the panel (docs/product.md "Task panel"). */
export type BulkAction = "removeCompleted" | "cancelAll" | "removeAll";

/** Which row buttons a task allows. */
export interface TaskButtons {
  remove: boolean;
  cancel: boolean;
  retry: boolean;
}

/** A frame read from the socket: a task, a refusal, or something else (ignored). */
export type TaskFrame = { kind: "task"; task: TaskMessage } | { kind: "error"; error: string } | null;

const { pending, doing, waitCancel, cancelled, done, failed } = TASK_STATUS;
/** Finished tasks: what "remove completed" removes and what retry accepts. */
const FINISHED: readonly number[] = [done, failed, cancelled];

/**
 * docs/product.md "Task connection": MsgType remove deletes the task, other messages add or replace it; the list stays
 * by descending TaskID.
 */
export function mergeTask(list: readonly TaskMessage[], msg: TaskMessage): TaskMessage[] {
  const rest = list.filter((t) => t.TaskID !== msg.TaskID);
  if (msg.MsgType === TASK_MSG.remove) return rest;
  return [...rest, msg].sort((a, b) => b.TaskID - a.TaskID);
}

/** docs/product.md "Task lifecycle": active tasks are pending or doing; the header button shows their count. */
export function activeCount(list: readonly TaskMessage[]): number {
  return list.filter((t) => t.Status === pending || t.Status === doing).length;
}

/**
 * docs/product.md "Task lifecycle": remove unless doing or waiting to cancel, cancel only while doing; retry (ours,
 * where older clients said 'this button has not been implemented') for a done, failed or cancelled task.
 */
export function taskButtons(task: Pick<TaskMessage, "Status">): TaskButtons {
  const running = task.Status === doing || task.Status === waitCancel;
  return { remove: !running, cancel: task.Status === doing, retry: FINISHED.includes(task.Status) };
}

/** The TaskIDs a bulk action sends a message for: completed = done, failed or cancelled; remove all skips running ones. */
export function bulkTargets(list: readonly TaskMessage[], action: BulkAction): number[] {
  const pick = {
    removeCompleted: (t: TaskMessage) => FINISHED.includes(t.Status),
    cancelAll: (t: TaskMessage) => taskButtons(t).cancel,
    removeAll: (t: TaskMessage) => taskButtons(t).remove,
  }[action];
  return list.filter(pick).map((t) => t.TaskID);
}

/**
 * The i18n key of the message a bulk action shows when there is nothing to act on (docs/product.md "Task messages").
 */
export function bulkEmptyKey(action: BulkAction): "tasks.noneCompleted" | "tasks.noneCancelled" | "tasks.noneRemoved" {
  return (
    {
      removeCompleted: "tasks.noneCompleted",
      cancelAll: "tasks.noneCancelled",
      removeAll: "tasks.noneRemoved",
    } as const
  )[action];
}

/** Counts per status, every status present (the totals table, docs/product.md "Task panel"). */
export function statusTotals(list: readonly TaskMessage[]): Record<TaskStatusCode, number> {
  const totals = { [pending]: 0, [doing]: 0, [waitCancel]: 0, [cancelled]: 0, [done]: 0, [failed]: 0 } as Record<
    TaskStatusCode,
    number
  >;
  for (const t of list) totals[t.Status] = (totals[t.Status] ?? 0) + 1;
  return totals;
}

/** docs/product.md "Task panel": the totals table shows when there are more than 6 tasks. */
export function showsTotals(count: number): boolean {
  return count > TASK_TOTALS_ABOVE;
}

/** The percentage a progress Message carries ("hashing 42.5%"), clamped to 0-100, or null when it has none. */
export function progressPercent(message: string): number | null {
  const m = /(\d+(?:\.\d+)?)\s*%/.exec(message);
  return m ? Math.min(100, Math.max(0, Number(m[1]))) : null;
}

/**
 * The socket address: ws or wss after the page's scheme, the base URL, the session token (docs/product.md "Sockets").
 */
export function taskSocketUrl(page: { protocol: string; host: string }, baseURL: string, token: string): string {
  const scheme = page.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${page.host}${baseURL}/api/task?auth=${encodeURIComponent(token)}`;
}

/**
 * docs/product.md "Task connection": reconnecting is tried except on Safari over a secure page (Chrome and others on
 * iOS say Safari too).
 */
export function reconnects(userAgent: string, protocol: string): boolean {
  const safari = /Safari\//.test(userAgent) && !/Chrome|Chromium|CriOS|FxiOS|EdgiOS|Android/.test(userAgent);
  return !(safari && protocol === "https:");
}

/** Reads one socket frame: a task object, an `{error}` refusal, or null for anything else. */
export function parseTaskFrame(data: string): TaskFrame {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  if (typeof v.error === "string") return { kind: "error", error: v.error };
  if (typeof v.TaskID === "number" && typeof v.Status === "number")
    return { kind: "task", task: v as unknown as TaskMessage };
  return null;
}

/** The i18n key of each server sentence the UI shows in its own words. */
type RefusalKey =
  | "tasks.removeRunning"
  | "tasks.cancelNotRunning"
  | "tasks.refusals.torrentOfTorrent"
  | "tasks.refusals.thumbnailVideoOnly"
  | "tasks.refusals.subtitleVideoOnly"
  | "tasks.refusals.notAnArchive";

/**
 * Server sentences of docs/product.md "Task refusals" and "Task messages", kept word for word on the wire for API
 * callers; the UI shows its own translated sentence for each, in a popup or in a task's row.
 */
const KNOWN_REFUSALS: Record<string, RefusalKey> = {
  "task is running, cancel it before remove": "tasks.removeRunning",
  "task is not running, no need to cancel": "tasks.cancelNotRunning",
  "hey man, you can not make a torrent for a torrent, what's the point?": "tasks.refusals.torrentOfTorrent",
  "hey man, you can only make thumbnail for video file or directory": "tasks.refusals.thumbnailVideoOnly",
  "hey man, you can only extract subtitle from video file or directory": "tasks.refusals.subtitleVideoOnly",
  "hey man, are you sure this is an archive file?": "tasks.refusals.notAnArchive",
};

/** The i18n key of a known server sentence, or null to show the server's text as it is. */
export function refusalKey(error: string): RefusalKey | null {
  return KNOWN_REFUSALS[error.trim()] ?? null;
}

/**
 * docs/product.md "Names": text inputs are trimmed; the keys in `keep` (a password) are sent as
 * typed.
 */
export function trimParams<T extends object>(params: T, keep: readonly (keyof T)[] = []): T {
  const out = { ...params };
  for (const key of Object.keys(out) as (keyof T)[]) {
    const value = out[key];
    if (typeof value === "string" && !keep.includes(key)) out[key] = value.trim() as T[keyof T];
  }
  return out;
}
