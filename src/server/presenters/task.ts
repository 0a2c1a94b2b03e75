/**
 * @module Maps stored tasks to the wire's task objects (docs/product.md "Task"; docs/interfaces.md "Task WebSocket").
 */
import { TASK_MSG, type TaskMessage } from "../../shared/wire/task";
import type { TaskRecord } from "../../tasks/types";

/** Params that hold a secret: pushed blank, so an admin's list never shows another user's archive password. */
const SECRET_PARAMS = ["archivePasswd"];

function presentParams(params: Record<string, unknown>): Record<string, unknown> {
  const out = { ...params };
  for (const k of SECRET_PARAMS) if (typeof out[k] === "string" && out[k] !== "") out[k] = "";
  return out;
}

/**
 * One task object; `removed` gives MsgType 1 (the client drops the task), and `username` names the owner for
 * admins, who see every user's tasks.
 */
export function presentTask(task: TaskRecord, opts: { removed?: boolean; username?: string } = {}): TaskMessage {
  return {
    TaskID: task.id,
    Task: task.kind,
    Status: task.status,
    MsgType: opts.removed ? TASK_MSG.remove : TASK_MSG.task,
    TargetPath: task.targetPath,
    Params: presentParams(task.params),
    Message: task.message,
    AddTime: task.addTime,
    StartTime: task.startTime,
    EndTime: task.endTime,
    ...(opts.username !== undefined ? { Username: opts.username } : {}),
  };
}
