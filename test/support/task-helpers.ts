/**
 * @module Steps shared by the task tests: send a request and get the task it created (or the refusal), wait for a
 * task's end, and look for leftover tool processes.
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import type { TaskErrorMessage, TaskMessage } from "../../src/shared/wire/task";
import { isError, isTask, type TaskSocket } from "./task-socket";

/** Sends `req` and resolves with the task it queued (its first message) or the `{error}` answer. */
export async function submit(
  ws: TaskSocket,
  req: Record<string, unknown> | string,
): Promise<TaskMessage | TaskErrorMessage> {
  const start = ws.messages.length;
  ws.send(req);
  return ws.waitFor(
    (m) => ws.messages.indexOf(m) >= start && (isError(m) || (isTask(m) && m.Status === 0 && m.MsgType === 0)),
  );
}

/** Sends `req` and resolves with the error text it must be answered with. */
export async function refusal(ws: TaskSocket, req: Record<string, unknown> | string): Promise<string> {
  const m = await submit(ws, req);
  if (!isError(m)) throw new Error(`expected an error, got task ${JSON.stringify(m)}`);
  return m.error;
}

/** Sends a kind request and resolves with the queued task. */
export async function queued(ws: TaskSocket, req: Record<string, unknown>): Promise<TaskMessage> {
  const m = await submit(ws, req);
  if (!isTask(m)) throw new Error(`expected a task, got ${JSON.stringify(m)}`);
  return m;
}

/** Resolves with the first message after now of task `id` whose status is one of `statuses`. */
export function waitStatus(
  ws: TaskSocket,
  id: number,
  statuses: number[],
  timeoutMs = 60_000,
  from = 0,
): Promise<TaskMessage> {
  return ws.waitFor(
    (m): m is TaskMessage =>
      ws.messages.indexOf(m) >= from && isTask(m) && m.TaskID === id && m.MsgType === 0 && statuses.includes(m.Status),
    timeoutMs,
  ) as Promise<TaskMessage>;
}

/**
 * The running processes whose command line contains `needle`, or that have the file `needle` open (tools get a
 * user's file as an inherited descriptor named `/proc/self/fd/3`), as their pid and command line (args joined by
 * spaces).
 */
function scanProcesses(needle: string): { pid: number; cmd: string }[] {
  const out: { pid: number; cmd: string }[] = [];
  const hasOpen = (pid: string) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some(
        (fd) => readlinkSync(`/proc/${pid}/fd/${fd}`, { encoding: "utf8" }) === needle,
      );
    } catch {
      return false;
    }
  };
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
      if (cmd.includes(needle) || hasOpen(pid)) out.push({ pid: Number(pid), cmd });
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

/** Command lines (args joined by spaces) of the running processes that scanProcesses finds for `needle`. */
export function processesWith(needle: string): string[] {
  return scanProcesses(needle).map((p) => p.cmd);
}

/**
 * Stops (SIGSTOP) the processes that scanProcesses finds for `needle`, so they stay as they are until killed: a
 * stopped tool cannot write its next progress line, so it cannot die of SIGPIPE when the server reading it is gone.
 * @returns the command lines of the processes stopped.
 */
export function stopProcessesWith(needle: string): string[] {
  const found = scanProcesses(needle);
  for (const p of found) {
    try {
      process.kill(p.pid, "SIGSTOP");
    } catch {
      // It ended meanwhile.
    }
  }
  return found.map((p) => p.cmd);
}

/**
 * processesWith(`needle`) once it is empty, or after `ms` milliseconds (polled every 50 ms): a process group killed
 * with SIGKILL leaves /proc a moment after the kill, on a busy machine later.
 */
export async function processesGone(needle: string, ms = 5_000): Promise<string[]> {
  const until = Date.now() + ms;
  for (;;) {
    const left = processesWith(needle);
    if (left.length === 0 || Date.now() > until) return left;
    await Bun.sleep(50);
  }
}
