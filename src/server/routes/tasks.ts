/**
 * @module The task connection (docs/product.md "Sockets", docs/interfaces.md "Task WebSocket"): a login token (never a
 * media token) and the execute permission are checked before the upgrade (401/403); then the socket gets the
 * user's tasks (admins: all) and every change, and its messages queue, remove, cancel or retry tasks. A refused
 * message is answered `{error}`; a socket whose session ended is closed (auth/session-watch.ts).
 */
import { Hono } from "hono";
import type { WSContext } from "hono/ws";
import type { AppEnv } from "../app-env";
import type { Deps } from "../deps";
import type { User } from "../users/types";
import { requireAuth, requirePerm } from "../auth/middleware";
import { liveExecutor } from "../auth/session-watch";
import { getSettings } from "../settings/settings-service";
import { upgradeWebSocket } from "./request/websocket";
import { applyTaskRequest, parseTaskRequest } from "../../tasks/requests";
import { TaskInputError, type TaskRecord } from "../../tasks/types";
import type { TaskDelivery } from "../../tasks/task-feed";
import { presentTask } from "../presenters/task";
import { SESSION_ENDED_CLOSE_CODE } from "../constants";

/** Handles one text frame for the socket's live user; a refusal goes back as `{error}`. */
function onFrame(deps: Deps, user: User, data: unknown, ws: WSContext): void {
  try {
    const req = parseTaskRequest(typeof data === "string" ? data : String(data));
    applyTaskRequest(
      { queue: deps.tasks.queue, user, rootReal: deps.rootReal, globalRules: getSettings(deps.db).rules },
      req,
    );
  } catch (err) {
    if (!(err instanceof TaskInputError))
      deps.log.error(`task request of user ${user.id}: ${(err as Error)?.stack ?? err}`);
    ws.send(JSON.stringify({ error: err instanceof TaskInputError ? err.message : "internal error" }));
  }
}

/** `GET /api/task`: auth, execute, then the upgrade to the task connection. */
export const taskRoutes = new Hono<AppEnv>().get(
  "/task",
  requireAuth,
  requirePerm("execute"),
  upgradeWebSocket((c) => {
    const deps = c.get("deps");
    const { id: userId } = c.get("user");
    const sid = c.get("sessionId");
    const liveUser = () => liveExecutor(deps.db, deps.config.noauth, userId, sid);
    let detach: (() => void) | undefined;
    const close = (ws: WSContext) => ws.close(SESSION_ENDED_CLOSE_CODE, "session ended");
    return {
      onOpen(_e, ws) {
        const user = liveUser();
        if (!user) return close(ws);
        detach = deps.tasks.feed.attach({
          userId,
          isAdmin: user.perm.admin,
          live: () => liveUser() !== null,
          send: (task: TaskRecord, how: TaskDelivery) => ws.send(JSON.stringify(presentTask(task, how))),
          close: () => close(ws),
        });
      },
      onMessage(e, ws) {
        const user = liveUser();
        if (!user) return close(ws);
        onFrame(deps, user, e.data, ws);
      },
      onClose() {
        detach?.();
      },
    };
  }),
);
