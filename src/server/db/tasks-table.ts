/**
 * @module Rows of the tasks table (migrations 1 and 6): the claimable queue of background tasks. Plain functions;
 * every status write is guarded by the status it expects, so two nodes sharing the database never both win.
 * Times are Unix seconds. Only src/tasks/queue.ts calls the writers: it alone changes a task's status.
 */
import type { Database } from "bun:sqlite";
import { TASK_STATUS, type TaskKindName, type TaskStatusCode } from "../../shared/wire/task";
import type { TaskRecord } from "../../tasks/types";

/** A task with its owner's name, for the admins' list. */
export type TaskRecordWithOwner = TaskRecord & { username: string };

interface Row {
  id: number;
  user_id: number;
  type: string;
  target_path: string;
  params: string;
  status: number;
  message: string;
  add_time: number;
  start_time: number;
  end_time: number;
}

const COLUMNS = "id, user_id, type, target_path, params, status, message, add_time, start_time, end_time";
const T_COLUMNS = COLUMNS.split(", ")
  .map((c) => `t.${c}`)
  .join(", ");

function toRecord(r: Row): TaskRecord {
  let params: Record<string, unknown> = {};
  try {
    params = JSON.parse(r.params);
  } catch {
    // A row written by hand with broken JSON: shown with empty params rather than breaking the list.
  }
  return {
    id: r.id,
    userId: r.user_id,
    kind: r.type as TaskKindName,
    targetPath: r.target_path,
    params,
    status: r.status as TaskStatusCode,
    message: r.message,
    addTime: r.add_time,
    startTime: r.start_time,
    endTime: r.end_time,
  };
}

/** Inserts a pending task and returns it. */
export function insertTask(
  db: Database,
  t: { userId: number; kind: TaskKindName; targetPath: string; params: Record<string, unknown>; addTime: number },
): TaskRecord {
  const row = db
    .query(
      `INSERT INTO tasks (user_id, type, target_path, params, status, add_time) VALUES (?, ?, ?, ?, 0, ?) RETURNING ${COLUMNS}`,
    )
    .get(t.userId, t.kind, t.targetPath, JSON.stringify(t.params), t.addTime) as Row;
  return toRecord(row);
}

/** The task with this id, or null. */
export function getTask(db: Database, id: number): TaskRecord | null {
  const row = db.query(`SELECT ${COLUMNS} FROM tasks WHERE id = ?`).get(id) as Row | null;
  return row ? toRecord(row) : null;
}

/** The tasks of one user, oldest first (by TaskID). */
export function tasksOfUser(db: Database, userId: number): TaskRecord[] {
  return (db.query(`SELECT ${COLUMNS} FROM tasks WHERE user_id = ? ORDER BY id`).all(userId) as Row[]).map(toRecord);
}

/** Every user's tasks with the owner's name, oldest first (admins see all). */
export function allTasks(db: Database): TaskRecordWithOwner[] {
  const rows = db
    .query(`SELECT ${T_COLUMNS}, u.username FROM tasks t JOIN users u ON u.id = t.user_id ORDER BY t.id`)
    .all() as (Row & { username: string })[];
  return rows.map((r) => ({ ...toRecord(r), username: r.username }));
}

/**
 * Claims the oldest pending task for `nodeId` in one statement (pending -> doing, start time, heartbeat), so
 * two workers or two nodes never claim the same row. Returns the claimed task, or null when none is pending.
 */
export function claimOldestPending(db: Database, nodeId: string, now: number): TaskRecord | null {
  const row = db
    .query(
      `UPDATE tasks SET status = ${TASK_STATUS.doing}, start_time = ?, end_time = 0, message = '', claimed_by = ?, heartbeat_at = ?, outputs = '[]'
     WHERE id = (SELECT id FROM tasks WHERE status = ${TASK_STATUS.pending} ORDER BY id LIMIT 1) AND status = ${TASK_STATUS.pending}
     RETURNING ${COLUMNS}`,
    )
    .get(now, nodeId, now) as Row | null;
  return row ? toRecord(row) : null;
}

/**
 * Moves task `id` from one of the statuses `from` to `to`, setting the message and, when given, the end time
 * (or clearing start and end for a re-queue). Returns the updated task, or null when its status was not in
 * `from` (someone else changed it first) or it is gone.
 */
export function transitionTask(
  db: Database,
  id: number,
  from: readonly TaskStatusCode[],
  to: TaskStatusCode,
  message: string,
  times: { endTime?: number; requeue?: boolean } = {},
): TaskRecord | null {
  const timeSql = times.requeue
    ? ", start_time = 0, end_time = 0, claimed_by = '', heartbeat_at = 0, outputs = '[]'"
    : times.endTime !== undefined
      ? ", end_time = ?"
      : "";
  const args: (string | number)[] = [
    to,
    message,
    ...(times.endTime !== undefined && !times.requeue ? [times.endTime] : []),
    id,
  ];
  const row = db
    .query(
      `UPDATE tasks SET status = ?, message = ?${timeSql} WHERE id = ? AND status IN (${from.join(", ")}) RETURNING ${COLUMNS}`,
    )
    .get(...args) as Row | null;
  return row ? toRecord(row) : null;
}

/** Sets the progress message of a task still in `status`; returns the updated task or null. */
export function setTaskMessage(db: Database, id: number, status: TaskStatusCode, message: string): TaskRecord | null {
  const row = db
    .query(`UPDATE tasks SET message = ? WHERE id = ? AND status = ? RETURNING ${COLUMNS}`)
    .get(message, id, status) as Row | null;
  return row ? toRecord(row) : null;
}

/** Deletes a task whose status is in `from`; returns whether a row went. */
export function deleteTask(db: Database, id: number, from: readonly TaskStatusCode[]): boolean {
  return db.query(`DELETE FROM tasks WHERE id = ? AND status IN (${from.join(", ")})`).run(id).changes > 0;
}

/** Deletes every task of `userId`, whatever its status; returns them, oldest first. */
export function deleteTasksOfUser(db: Database, userId: number): TaskRecord[] {
  const rows = db.query(`DELETE FROM tasks WHERE user_id = ? RETURNING ${COLUMNS}`).all(userId) as Row[];
  return rows.map(toRecord).sort((a, b) => a.id - b.id);
}

/**
 * Says that `nodeId` still runs the tasks `ids` (heartbeat = now) and returns the statuses they have now, so a
 * cancel written by another node (wait-cancel) is seen by the node running the task.
 */
export function heartbeatTasks(
  db: Database,
  nodeId: string,
  ids: readonly number[],
  now: number,
): Map<number, TaskStatusCode> {
  const out = new Map<number, TaskStatusCode>();
  if (ids.length === 0) return out;
  const marks = ids.map(() => "?").join(", ");
  const rows = db
    .query(`UPDATE tasks SET heartbeat_at = ? WHERE claimed_by = ? AND id IN (${marks}) RETURNING id, status`)
    .all(now, nodeId, ...ids) as { id: number; status: number }[];
  for (const r of rows) out.set(r.id, r.status as TaskStatusCode);
  return out;
}

/** Records a partial output of the current run of task `id` (removed by failInterrupted after a crash). */
export function addTaskOutput(db: Database, id: number, abs: string): void {
  db.query("UPDATE tasks SET outputs = json_insert(outputs, '$[#]', ?) WHERE id = ?").run(abs, id);
}

/**
 * Fails the tasks left doing or wait-cancel by a run that ended without finishing them: those claimed by
 * `nodeId` (this node before a restart) and those whose heartbeat is older than `staleBefore` (a node that
 * died), except the `running` ones this process runs now. Returns the failed tasks with the partial outputs
 * their runs had recorded.
 */
export function failInterrupted(
  db: Database,
  nodeId: string,
  staleBefore: number,
  message: string,
  now: number,
  running: readonly number[] = [],
): { task: TaskRecord; outputs: string[] }[] {
  const skip = running.length ? `AND id NOT IN (${running.map(() => "?").join(", ")})` : "";
  const rows = db
    .query(
      `UPDATE tasks SET status = ${TASK_STATUS.failed}, message = ?, end_time = ?
     WHERE status IN (${TASK_STATUS.doing}, ${TASK_STATUS.waitCancel}) AND (claimed_by = ? OR heartbeat_at < ?) ${skip}
     RETURNING ${COLUMNS}, outputs`,
    )
    .all(message, now, nodeId, staleBefore, ...running) as (Row & { outputs: string })[];
  return rows.map((r) => ({ task: toRecord(r), outputs: JSON.parse(r.outputs) as string[] }));
}
