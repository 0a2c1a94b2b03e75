/**
 * @module A client of the task connection for tests (docs/product.md "Sockets"): connects with `?auth=`, records
 * every message the server pushes, sends requests and waits for the pushes a test expects.
 */
import type { TaskErrorMessage, TaskMessage, TaskRequest } from "../../src/shared/wire/task";
import type { TestServer } from "./server";
import { openJsonSocket } from "./json-socket";

/** One open task connection. */
export interface TaskSocket {
  /** Every message received so far, in order (task objects and `{error}` messages). */
  readonly messages: (TaskMessage | TaskErrorMessage)[];
  send(req: TaskRequest | Record<string, unknown> | string): void;
  /** Resolves with the first message (already received or coming) that `match` accepts; rejects after `timeoutMs`. */
  waitFor<T extends TaskMessage | TaskErrorMessage>(
    match: (m: TaskMessage | TaskErrorMessage) => m is T,
    timeoutMs?: number,
  ): Promise<T>;
  waitFor(
    match: (m: TaskMessage | TaskErrorMessage) => boolean,
    timeoutMs?: number,
  ): Promise<TaskMessage | TaskErrorMessage>;
  /** The statuses pushed for a task, in order, without repeats (e.g. [0, 1, 4]). */
  statuses(taskId: number): number[];
  /** Resolves with the close code and reason once the connection closed (by either side). */
  readonly closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

/** True for a task object (not an error message). */
export function isTask(m: TaskMessage | TaskErrorMessage): m is TaskMessage {
  return typeof (m as TaskMessage).TaskID === "number";
}

/** True for an error message. */
export function isError(m: TaskMessage | TaskErrorMessage): m is TaskErrorMessage {
  return typeof (m as TaskErrorMessage).error === "string";
}

/**
 * Opens `/api/task?auth=TOKEN` on `server` and resolves once open; `closed` rejects the promise when the server
 * refuses the upgrade.
 */
export async function openTaskSocket(server: TestServer, token: string, path = "/api/task"): Promise<TaskSocket> {
  type Msg = TaskMessage | TaskErrorMessage;
  const { ws, messages, closed, waitFrom } = await openJsonSocket<Msg>(
    `${server.url.replace(/^http/, "ws")}${path}?auth=${encodeURIComponent(token)}`,
    "task",
  );
  return {
    messages,
    closed,
    send: (req) => ws.send(typeof req === "string" ? req : JSON.stringify(req)),
    waitFor: (match: (m: Msg) => boolean, timeoutMs = 20_000) => waitFrom(0, match, timeoutMs),
    statuses(taskId) {
      const out: number[] = [];
      for (const m of messages)
        if (isTask(m) && m.TaskID === taskId && m.MsgType === 0 && out.at(-1) !== m.Status) out.push(m.Status);
      return out;
    },
    async close() {
      ws.close();
      await closed;
    },
  } as TaskSocket;
}
