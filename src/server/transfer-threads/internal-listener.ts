/**
 * @module The main thread's side of the hand-over (internal-protocol.ts): a loopback listener that runs the main
 * app for requests the transfer threads pass on, as if the client had connected here: the client's address for
 * bans, logs and failed logins, its Host for the origin checks, WebSocket upgrades on this listener.
 */
import { watchListener } from "../http/fd-release";
import { timingSafeEqual } from "node:crypto";
import type { Server, WebSocketHandler } from "bun";
import {
  CLIENT_HOST_HEADER,
  CLIENT_IP_HEADER,
  THREAD_KEY_HEADER,
  UPGRADE_CHECK_HEADER,
  type InternalLink,
} from "./internal-protocol";

/** The part of Bun's server the app reads through Hono's env (routes/request/client-ip.ts, hono/bun's upgradeWebSocket). */
interface AppEnvServer {
  requestIP(req: Request): { address: string; family: string; port: number } | null;
  upgrade(req: Request, options?: { data?: unknown }): boolean;
}

/** Anything with a Hono-style fetch. */
interface FetchApp {
  fetch(req: Request, env: AppEnvServer): Response | Promise<Response>;
}

function keyMatches(given: string | null, key: string): boolean {
  if (!given || given.length !== key.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(key));
}

/** The request as the client made it: its Host back, and for an upgrade check the handshake headers back. */
function clientRequest(req: Request, check: boolean): Request {
  const headers = new Headers(req.headers);
  const host = req.headers.get(CLIENT_HOST_HEADER) || headers.get("host") || "localhost";
  headers.set("host", host);
  if (check) {
    headers.set("upgrade", "websocket");
    headers.set("connection", "Upgrade");
  }
  const url = new URL(req.url);
  return new Request(`http://${host}${url.pathname}${url.search}`, { method: req.method, headers });
}

/**
 * Starts the internal listener on 127.0.0.1 (a free port) for `app`, with the main app's WebSocket handlers.
 * A request without the key answers 403. Returns the link the threads need and the listener (stop it at
 * shutdown).
 */
export function startInternalListener(
  app: FetchApp,
  websocket: WebSocketHandler<unknown>,
  key: string,
): { link: InternalLink; server: Server<unknown> } {
  const server = Bun.serve<unknown>({
    hostname: "127.0.0.1",
    port: 0,
    development: false,
    idleTimeout: 0,
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
    async fetch(req, srv) {
      if (!keyMatches(req.headers.get(THREAD_KEY_HEADER), key)) return new Response("forbidden", { status: 403 });
      const address = req.headers.get(CLIENT_IP_HEADER) || "unknown";
      const check = req.headers.has(UPGRADE_CHECK_HEADER);
      const upgrade = req.headers.get("upgrade")?.toLowerCase() === "websocket";
      let accepted = false;
      const env: AppEnvServer = {
        requestIP: () => ({ address, family: address.includes(":") ? "IPv6" : "IPv4", port: 0 }),
        // The check only asks: the thread upgrades its client, then opens the real socket to this listener.
        upgrade: (_r, options) => (check ? (accepted = true) : srv.upgrade(req, { data: options?.data })),
      };
      const res = await app.fetch(check || upgrade ? clientRequest(req, check) : req, env);
      if (check) return accepted ? new Response(null, { status: 204 }) : res;
      return res;
    },
    websocket,
  });
  // Files answered for the threads hold descriptors until this listener is quiet too (http/fd-release.ts).
  watchListener(server);
  return { link: { port: server.port!, key }, server };
}
