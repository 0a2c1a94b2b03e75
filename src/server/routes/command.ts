/**
 * @module WebSocket `/api/command/{path}?auth=TOKEN` (SPEC section 7, CONTRACT "HTTP API"): the command runner of
 * the shell overlay. A login token only (never a media token), the execute permission and a folder the user may
 * reach, all checked before the upgrade (401/403/404 as plain answers); then commands/command-session.ts runs
 * the lines. The protocol is documented in src/shared/wire/command.ts.
 */
import { Hono } from "hono";
import type { ServerWebSocket } from "bun";
import type { AppEnv } from "../env";
import { requireAuth, requirePerm } from "../auth/middleware";
import { cachedUser, sessionUser } from "../auth/sessions";
import { hasPermission } from "../auth/permissions";
import { getSettings } from "../settings/settings-service";
import { createCommandSession, type CommandSession } from "../commands/command-session";
import { describe } from "../fs/listing";
import { BadRequest } from "../errors";
import { requestTarget } from "./request-path";
import { upgradeWebSocket } from "./websocket";

export const commandRoutes = new Hono<AppEnv>().get(
  "/command/*",
  requireAuth,
  requirePerm("execute"),
  upgradeWebSocket((c) => {
    const { db, log } = c.get("deps");
    const target = requestTarget(c, "command");
    if (!describe(target.abs, target.path, "").isDir) throw new BadRequest("commands run in a folder");
    const userId = c.get("user").id;
    const sid = c.get("sessionId");
    // The user is read again for every line: a logout, a lost permission or a changed list takes effect at once.
    const liveUser = () => (sid === undefined ? cachedUser(db, userId) : sessionUser(db, userId, sid, Math.floor(Date.now() / 1000)));
    let session: CommandSession | null = null;
    return {
      onOpen(_evt, ws) {
        const raw = ws.raw as ServerWebSocket<unknown>;
        session = createCommandSession({
          cwd: target.abs,
          allowedCommands: () => {
            const user = liveUser();
            return user && hasPermission(user, "execute") ? user.commands : null;
          },
          shell: () => getSettings(db).shell,
          send: (msg) => ws.send(JSON.stringify(msg)),
          bufferedBytes: () => raw.getBufferedAmount(),
          close: (code, reason) => ws.close(code, reason),
        });
      },
      onMessage(evt) {
        const line = typeof evt.data === "string" ? evt.data : new TextDecoder().decode(evt.data as ArrayBuffer);
        session?.receive(line).catch((err) => log.error(`command in ${target.path}: ${(err as Error)?.stack || String(err)}`));
      },
      onClose() {
        session?.stop();
      },
    };
  }),
);
