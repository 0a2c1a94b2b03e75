/**
 * @module The one task state machine, the only code that changes a task's status (docs/product.md "Task lifecycle"):
 * pending(0) -> doing(1) -> done(4) | failed(5), doing -> wait-cancel(2) -> cancelled(3), and (ours) retry: a finished,
 * failed or cancelled task goes back to pending as a fresh run of the same row (same TaskID and Params; start and end
 * times cleared). Only this module changes a task's status; it stores through db/tasks-table.ts and emits typed events
 * that the socket route presents.
 */
import type { Database } from "bun:sqlite";
import { TASK_STATUS, type TaskKindName, type TaskStatusCode } from "../shared/wire/task";
import {
  claimOldestPending,
  deleteTask,
  deleteTasksOfUser,
  failInterrupted,
  getTask,
  insertTask,
  setTaskMessage,
  transitionTask,
} from "../server/db/tasks-table";
import { findUserById } from "../server/db/users-table";
import { TaskInputError, type TaskRecord } from "./types";

/** docs/product.md "Task messages": the refusals of remove and cancel. */
export const REMOVE_RUNNING_MESSAGE = "task is running, cancel it before remove";
export const CANCEL_NOT_RUNNING_MESSAGE = "task is not running, no need to cancel";
/** Ours: retry of a task that has not ended yet. */
export const RETRY_NOT_ENDED_MESSAGE = "task has not ended, nothing to retry";

/**
 * What the queue tells its listeners: a task was added or changed (status, message), or removed (`owner`: the
 * name of its owner when the owner was deleted with it, as it can no longer be looked up).
 */
export type TaskEvent = { type: "changed"; task: TaskRecord } | { type: "removed"; task: TaskRecord; owner?: string };

const { pending, doing, waitCancel, cancelled, done, failed } = TASK_STATUS;
const ENDED: readonly TaskStatusCode[] = [cancelled, done, failed];
const REMOVABLE: readonly TaskStatusCode[] = [pending, ...ENDED];

/**
 * docs/product.md "Task lifecycle": a task can be removed unless doing or waiting to cancel. Null when allowed, else
 * the refusal.
 */
export function removeRefusal(status: TaskStatusCode): string | null {
  return REMOVABLE.includes(status) ? null : REMOVE_RUNNING_MESSAGE;
}

/** docs/product.md "Task lifecycle": a task can be cancelled only when doing. Null when allowed, else the refusal. */
export function cancelRefusal(status: TaskStatusCode): string | null {
  return status === doing ? null : CANCEL_NOT_RUNNING_MESSAGE;
}

/** Ours: a task can be retried once it ended (done, failed or cancelled). Null when allowed, else the refusal. */
export function retryRefusal(status: TaskStatusCode): string | null {
  return ENDED.includes(status) ? null : RETRY_NOT_ENDED_MESSAGE;
}

/** The task queue over one database; every change goes through here and is announced to `subscribe`rs. */
export class TaskQueue {
  private readonly listeners = new Set<(e: TaskEvent) => void>();

  constructor(
    private readonly db: Database,
    private readonly clock: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  /** Listens to every change; returns the function that stops listening. */
  subscribe(listener: (e: TaskEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The task with this id, or null. */
  get(id: number): TaskRecord | null {
    return getTask(this.db, id);
  }

  /** Queues a new pending task (params already parsed, target already checked). */
  add(userId: number, kind: TaskKindName, targetPath: string, params: Record<string, unknown>): TaskRecord {
    return this.emitChanged(insertTask(this.db, { userId, kind, targetPath, params, addTime: this.clock() }))!;
  }

  /** pending -> doing: claims the oldest pending task for `nodeId`, or null when none waits. */
  claim(nodeId: string): TaskRecord | null {
    return this.emitChanged(claimOldestPending(this.db, nodeId, this.clock()));
  }

  /** A progress message of a doing task (not stored once the task moved on). */
  progress(id: number, message: string): void {
    this.emitChanged(setTaskMessage(this.db, id, doing, message));
  }

  /** doing (or wait-cancel, when the cancel came after the work was complete) -> done with the result message. */
  finish(id: number, message: string): TaskRecord | null {
    return this.emitChanged(transitionTask(this.db, id, [doing, waitCancel], done, message, { endTime: this.clock() }));
  }

  /** doing or wait-cancel -> failed with the reason. */
  fail(id: number, message: string): TaskRecord | null {
    return this.emitChanged(
      transitionTask(this.db, id, [doing, waitCancel], failed, message, { endTime: this.clock() }),
    );
  }

  /** doing or wait-cancel -> cancelled, once the run has stopped and its partial outputs are gone. */
  markCancelled(id: number): TaskRecord | null {
    return this.emitChanged(transitionTask(this.db, id, [doing, waitCancel], cancelled, "", { endTime: this.clock() }));
  }

  /**
   * doing -> wait-cancel: asks the node running the task to stop it.
   * @throws TaskInputError 'task is not running, no need to cancel' unless the task is doing.
   */
  cancel(id: number): TaskRecord {
    const task = this.mustGet(id);
    const refusal = cancelRefusal(task.status);
    const next = refusal ? null : transitionTask(this.db, id, [doing], waitCancel, task.message);
    if (!next) throw new TaskInputError(refusal ?? CANCEL_NOT_RUNNING_MESSAGE);
    return this.emitChanged(next)!;
  }

  /**
   * Deletes a task that is not running.
   * @throws TaskInputError 'task is running, cancel it before remove' while doing or wait-cancel.
   */
  remove(id: number): void {
    const task = this.mustGet(id);
    const refusal = removeRefusal(task.status);
    if (refusal || !deleteTask(this.db, id, REMOVABLE)) throw new TaskInputError(refusal ?? REMOVE_RUNNING_MESSAGE);
    this.emit({ type: "removed", task });
  }

  /**
   * Deletes user `userId` through `deleteOwner` together with all their tasks, running ones included, in one
   * transaction, then announces each task as removed: open connections drop it and the pool stops a running one
   * (pool.ts; another node sees the row gone at its next heartbeat). When `deleteOwner` throws, nothing changes.
   */
  removeOwner(userId: number, deleteOwner: () => void): void {
    const owner = findUserById(this.db, userId)?.username;
    const gone = this.db.transaction(() => {
      const tasks = deleteTasksOfUser(this.db, userId);
      deleteOwner();
      return tasks;
    })();
    for (const task of gone) this.emit({ type: "removed", task, owner });
  }

  /**
   * done, failed or cancelled -> pending: the same row runs again with the same params.
   * @throws TaskInputError when the task has not ended.
   */
  retry(id: number): TaskRecord {
    const task = this.mustGet(id);
    const refusal = retryRefusal(task.status);
    const next = refusal ? null : transitionTask(this.db, id, ENDED, pending, "", { requeue: true });
    if (!next) throw new TaskInputError(refusal ?? RETRY_NOT_ENDED_MESSAGE);
    return this.emitChanged(next)!;
  }

  /**
   * Fails the rows a previous run of `nodeId` or a dead node left doing (see failInterrupted); returns them with
   * the partial outputs their runs recorded, for the caller to remove.
   */
  failInterrupted(
    nodeId: string,
    staleBefore: number,
    message: string,
    running: readonly number[] = [],
  ): { task: TaskRecord; outputs: string[] }[] {
    const rows = failInterrupted(this.db, nodeId, staleBefore, message, this.clock(), running);
    for (const r of rows) this.emitChanged(r.task);
    return rows;
  }

  private mustGet(id: number): TaskRecord {
    const task = getTask(this.db, id);
    if (!task) throw new TaskInputError(`task ${id} not found`);
    return task;
  }

  private emitChanged(task: TaskRecord | null): TaskRecord | null {
    if (task) this.emit({ type: "changed", task });
    return task;
  }

  private emit(e: TaskEvent): void {
    for (const l of this.listeners) l(e);
  }
}
