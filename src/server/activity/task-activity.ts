/**
 * @module Task starts and ends in the activity log (docs/product.md "Activity log"): the queue's events, reduced to
 * the moment a task starts doing and the moment it ends (done, failed or cancelled).
 */
import type { Database } from "bun:sqlite";
import type { TaskService } from "../../tasks/service";
import { TASK_STATUS } from "../../shared/wire/task";
import { findUserById } from "../db/users-table";
import { normalizeVirtualPath } from "../fs/scope";
import type { ActivityLog } from "./activity-log";

const ENDED: readonly number[] = [TASK_STATUS.done, TASK_STATUS.failed, TASK_STATUS.cancelled];

/** Logs each task's start and end into `activity`; returns the function that stops listening. */
export function logTaskActivity(tasks: TaskService, activity: ActivityLog, db: Database): () => void {
  const last = new Map<number, number>();
  return tasks.queue.subscribe((e) => {
    const t = e.task;
    if (e.type === "removed") {
      last.delete(t.id);
      return;
    }
    if (last.get(t.id) === t.status) return;
    last.set(t.id, t.status);
    const starts = t.status === TASK_STATUS.doing;
    if (!starts && !ENDED.includes(t.status)) return;
    if (!starts) last.delete(t.id);
    const owner = findUserById(db, t.userId);
    const scope = normalizeVirtualPath(owner?.scope && owner.scope !== "." ? owner.scope : "/").path;
    const target = t.targetPath.replace(/\/+$/, "") || "/";
    activity.record({
      userId: t.userId,
      username: owner?.username ?? "",
      via: "task",
      action: starts ? "task-start" : "task-end",
      path: scope === "/" ? target : target === "/" ? scope : `${scope}${target}`,
      result: starts || t.status === TASK_STATUS.done ? "ok" : t.message || "cancelled",
    });
  });
}
