/**
 * @module The messages a client sends on the task connection (docs/product.md "Sockets"): parsed strictly, then
 * applied for one user. A kind request is checked all the way (permission, path in the owner's scope and rules,
 * the kind's params and target) before anything is queued; remove, cancel and retry act only on the user's own
 * tasks (admins: any), and another user's task answers as if it did not exist. Every refusal is a TaskInputError
 * whose message goes back on the socket; nothing changed then.
 */
import { TASK_CONTROLS, TASK_KINDS, type TaskControlName, type TaskKindName } from "../shared/wire/task";
import { hasPermission } from "../server/auth/permissions";
import type { Rule, User } from "../server/users/types";
import { TASK_KIND_REGISTRY } from "./kinds";
import { makeTaskScope, resolveTarget, storedTargetPath } from "./context";
import type { TaskQueue } from "./queue";
import { TaskInputError, type TaskRecord } from "./types";

/** A client message after parsing. */
export type ParsedTaskRequest =
  | { op: "kind"; kind: TaskKindName; targetPath: string; params: unknown }
  | { op: TaskControlName; taskId: number };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Parses one text frame of the task connection.
 * @throws TaskInputError for text that is not JSON, an unknown Task, a missing or wrong-typed TargetPath or
 * Params, or a TaskID that is not a positive integer.
 */
export function parseTaskRequest(text: string): ParsedTaskRequest {
  let msg: unknown;
  try {
    msg = JSON.parse(text);
  } catch {
    throw new TaskInputError("message is not JSON");
  }
  if (!isObject(msg)) throw new TaskInputError("message must be a JSON object");
  const { Task, TargetPath, Params } = msg;
  if (typeof Task !== "string") throw new TaskInputError("Task must be a string");
  if (!isObject(Params)) throw new TaskInputError("Params must be an object");
  if ((TASK_CONTROLS as readonly string[]).includes(Task)) {
    const id = Params.TaskID;
    if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 1)
      throw new TaskInputError("Params.TaskID must be a positive integer");
    return { op: Task as TaskControlName, taskId: id };
  }
  if (!(TASK_KINDS as readonly string[]).includes(Task)) throw new TaskInputError(`unknown Task: ${Task.slice(0, 40)}`);
  if (typeof TargetPath !== "string" || TargetPath === "")
    throw new TaskInputError("TargetPath must be a non-empty string");
  return { op: "kind", kind: Task as TaskKindName, targetPath: TargetPath, params: Params };
}

/** What applying a request needs. */
export interface TaskRequestContext {
  queue: TaskQueue;
  user: User;
  /** Real path of the files root. */
  rootReal: string;
  globalRules: readonly Rule[];
}

/**
 * docs/product.md "Roles and permissions": every kind needs execute; unarchive also rename (it creates and may remove
 * files).
 */
function assertAllowed(user: User, kind: TaskKindName): void {
  if (!hasPermission(user, "execute")) throw new TaskInputError("you do not have the execute permission");
  if (kind === "unarchive" && !hasPermission(user, "rename"))
    throw new TaskInputError("unarchive needs the rename permission");
}

/** The user's own task, or any task for an admin. @throws TaskInputError 'task N not found' otherwise. */
function ownTask(c: TaskRequestContext, id: number): TaskRecord {
  const task = c.queue.get(id);
  if (!task || (task.userId !== c.user.id && !c.user.perm.admin)) throw new TaskInputError(`task ${id} not found`);
  return task;
}

/**
 * Applies a parsed request for `c.user`: queues a kind, or removes, cancels or retries a task. The changes reach
 * the sockets through the queue's events.
 * @throws TaskInputError with the message to send back (the texts of docs/product.md "Task messages" and "Task
 * refusals").
 */
export function applyTaskRequest(c: TaskRequestContext, req: ParsedTaskRequest): void {
  if (req.op === "kind") {
    assertAllowed(c.user, req.kind);
    const kind = TASK_KIND_REGISTRY[req.kind];
    const params = kind.parseParams(req.params) as Record<string, unknown>;
    const target = resolveTarget(makeTaskScope(c.rootReal, c.user, c.globalRules), req.targetPath);
    kind.checkTarget(target);
    c.queue.add(c.user.id, req.kind, storedTargetPath(target), params);
    return;
  }
  const task = ownTask(c, req.taskId);
  if (req.op === "remove") c.queue.remove(task.id);
  else if (req.op === "cancel") c.queue.cancel(task.id);
  else {
    assertAllowed(c.user, task.kind);
    c.queue.retry(task.id);
  }
}
