/**
 * @module The command runner connection (docs/product.md "Sockets", protocol in
 * src/shared/wire/command.ts): opens the WebSocket for a folder and hands each server message on.
 */
import type { CommandServerMessage } from "../../shared/wire/command";
import { apiUrl } from "./client";
import { encodePath } from "../format/encode-path";

/** What a command connection reports. */
export interface CommandSocketHandlers {
  onOpen: () => void;
  onMessage: (msg: CommandServerMessage) => void;
  /** The connection closed or could not open (`opened` false: refused or unreachable). */
  onClose: (opened: boolean) => void;
}

/**
 * The ws:// or wss:// URL of the command runner in `dir` (docs/interfaces.md "Authentication": WebSocket upgrades take
 * the login token in `auth`).
 */
export function commandSocketUrl(
  dir: string,
  token: string,
  location: Pick<Location, "protocol" | "host"> = window.location,
): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}${apiUrl(`/api/command${encodePath(dir)}`)}?auth=${encodeURIComponent(token)}`;
}

/** Opens a command connection in folder `dir`. */
export function connectCommandSocket(dir: string, token: string, h: CommandSocketHandlers): WebSocket {
  const ws = new WebSocket(commandSocketUrl(dir, token));
  let opened = false;
  ws.onopen = () => {
    opened = true;
    h.onOpen();
  };
  ws.onmessage = (e) => h.onMessage(JSON.parse(String(e.data)) as CommandServerMessage);
  ws.onclose = () => h.onClose(opened);
  return ws;
}
