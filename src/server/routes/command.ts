/**
 * @module WebSocket `/api/command/{path}?auth=TOKEN` (docs/product.md "Sockets", docs/interfaces.md "Authentication"):
 * the command runner of the shell overlay. A login token only (never a media token), the execute permission and a
 * folder the user may reach, all checked before the upgrade (401/403/404 as plain answers); then
 * commands/command-connection.ts runs the lines. The protocol is documented in src/shared/wire/command.ts. When the
 * login session ends (logout, lost execute, user deleted, expiry) the running command is killed and the socket closed
 * (auth/session-watch.ts).
 */
import { Hono } from "hono";
import type { ServerWebSocket } from "bun";
import type { AppEnv } from "../app-env";
import { requireAuth, requirePerm } from "../auth/middleware";
import { liveExecutor, watchSessions } from "../auth/session-watch";
import { SESSION_ENDED_CLOSE_CODE } from "../constants";
import { currentSettings, getSettings } from "../settings/settings-service";
import { createCommandConnection, refusalMessage, type CommandConnection } from "../commands/command-connection";
import { COMMAND_LIMIT_CLOSE_CODE, commandSlotsOf } from "../commands/command-slots";
import { CommandRefused } from "../commands/command-line";
import { describe } from "../fs/describe";
import { BadRequest } from "../errors";
import { requestTarget } from "./request/request-path";
import { upgradeWebSocket } from "./request/websocket";

export const commandRoutes = new Hono<AppEnv>().get(
  "/command/*",
  requireAuth,
  requirePerm("execute"),
  upgradeWebSocket((c) => {
    const { db, log, config } = c.get("deps");
    const target = requestTarget(c, "command");
    if (!describe(target.abs, target.path, "").isDir) throw new BadRequest("commands run in a folder");
    const userId = c.get("user").id;
    const sid = c.get("sessionId");
    // The user is read again for every line: a logout, a lost permission or a changed list takes effect at once.
    const liveUser = () => liveExecutor(db, config.noauth, userId, sid);
    let connection: CommandConnection | null = null;
    let unwatch: (() => void) | undefined;
    // docs/security.md "Command runner limits": connections and running commands per user, read at each use.
    const slots = commandSlotsOf(db);
    const limit = () => currentSettings(db).commandSessionsPerUser;
    let holdsConnection = false;
    return {
      onOpen(_evt, ws) {
        const raw = ws.raw as ServerWebSocket<unknown>;
        if (!slots.takeConnection(userId, limit())) {
          ws.send(JSON.stringify(refusalMessage(new CommandRefused("too_many", String(limit())))));
          ws.close(COMMAND_LIMIT_CLOSE_CODE, "too many command connections");
          return;
        }
        holdsConnection = true;
        connection = createCommandConnection({
          cwd: target.abs,
          allowedCommands: () => liveUser()?.commands ?? null,
          shell: () => getSettings(db).shell,
          send: (msg) => ws.send(JSON.stringify(msg)),
          bufferedBytes: () => raw.getBufferedAmount(),
          close: (code, reason) => ws.close(code, reason),
          commandSlot: {
            take: () => slots.takeCommand(userId, limit()),
            release: () => slots.releaseCommand(userId),
            limit,
          },
        });
        // Also between lines: a command still running when the session ends is killed with its process group.
        unwatch = watchSessions(
          db,
          () => {
            if (liveUser()) return;
            unwatch?.();
            connection?.stop();
            ws.close(SESSION_ENDED_CLOSE_CODE, "session ended");
          },
          { log },
        );
      },
      onMessage(evt) {
        const line = typeof evt.data === "string" ? evt.data : new TextDecoder().decode(evt.data as ArrayBuffer);
        connection
          ?.receive(line)
          .catch((err) => log.error(`command in ${target.path}: ${(err as Error)?.stack || String(err)}`));
      },
      onClose() {
        unwatch?.();
        connection?.stop();
        if (holdsConnection) slots.releaseConnection(userId);
        holdsConnection = false;
      },
    };
  }),
);
