/** @module The task connection of a benchmark server: open it as the bench admin and time one request from send to its done message. */
import type { TaskMessage, TaskRequest } from "../src/shared/wire/task";
import { benchLogin } from "./bench-server";

/** Opens `/api/task` of the server at `url` with the admin's login token; resolves once open. */
export async function openBenchTaskSocket(url: string): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, "ws")}/api/task?auth=${await benchLogin(url)}`);
  await new Promise((resolve, reject) => ((ws.onopen = resolve), (ws.onerror = reject)));
  return ws;
}

/**
 * Sends `req` on `ws` and resolves with the seconds from sending to the done message (status 4) of the task it
 * queued (the first pending task pushed for its TargetPath after sending).
 * @throws the server's `{error}` text, or the task's Message when it ends failed (5) or cancelled (3).
 */
export function timeTaskRequest(ws: WebSocket, req: TaskRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    let id = 0;
    const t = performance.now();
    ws.onmessage = (e) => {
      const m = JSON.parse(String(e.data)) as TaskMessage & { error?: string };
      if (m.error) return reject(new Error(m.error));
      if (!id && m.TargetPath === req.TargetPath && m.Task === req.Task && m.Status === 0) id = m.TaskID;
      if (m.TaskID !== id) return;
      if (m.Status === 4) resolve((performance.now() - t) / 1000);
      else if (m.Status === 5 || m.Status === 3) reject(new Error(`task ended ${m.Status}: ${m.Message}`));
    };
    ws.send(JSON.stringify(req));
  });
}
