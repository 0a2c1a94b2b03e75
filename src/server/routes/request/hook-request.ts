/** @module Describes the operation of a request for its event hooks (commands/hooks.ts): who, where, on what. */
import type { Context } from "hono";
import type { AppEnv } from "../../app-env";
import type { HookAction, HookRequest } from "../../commands/hooks";
import type { ScopedPath } from "../../fs/scope";
import { userScopeDir } from "./request-path";

/** The hook request of `action` on `target` (and `destination` for copy and rename) by the current user. */
export function hookRequest(
  c: Context<AppEnv>,
  action: HookAction,
  target: ScopedPath,
  destination?: ScopedPath,
): HookRequest {
  const { db, log } = c.get("deps");
  return {
    db,
    log,
    action,
    username: c.get("user").username,
    scopeAbs: userScopeDir(c),
    file: target.abs,
    destination: destination?.abs,
  };
}
