/**
 * @module The transfer thread's side of the hand-over (internal-protocol.ts): a request it does not serve goes
 * to the main thread's internal listener and the answer comes back as it is (status, headers, body streamed,
 * encodings untouched); a WebSocket is first checked with the main thread, then upgraded here and piped to a
 * WebSocket opened to the main thread.
 */
import type { Server, ServerWebSocket, WebSocketHandler } from "bun";
import {
  CLIENT_HOST_HEADER,
  CLIENT_IP_HEADER,
  THREAD_KEY_HEADER,
  UPGRADE_CHECK_HEADER,
  type InternalLink,
} from "./internal-protocol";

/** Headers of a WebSocket handshake that belong to one hop only. */
const HANDSHAKE = [
  "upgrade",
  "connection",
  "sec-websocket-key",
  "sec-websocket-version",
  "sec-websocket-extensions",
  "sec-websocket-accept",
];

/** What a piped client socket carries: where to connect and, once connected, the main thread's socket. */
export interface PipeData {
  path: string;
  headers: Record<string, string>;
  protocols: string[];
  upstream?: WebSocket;
  /** Client messages that came before the main thread's socket opened. */
  pending: (string | Uint8Array)[];
}

function forwardedHeaders(req: Request, ip: string, link: InternalLink): Headers {
  const headers = new Headers(req.headers);
  headers.set(THREAD_KEY_HEADER, link.key);
  headers.set(CLIENT_IP_HEADER, ip);
  headers.set(CLIENT_HOST_HEADER, req.headers.get("host") ?? "");
  return headers;
}

function pathOf(req: Request): string {
  const url = new URL(req.url);
  return url.pathname + url.search;
}

/** The client's answer from an upstream answer: same status, headers and (still encoded) body. */
function relay(res: Response): Response {
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

/**
 * Sends `req` (from client address `ip`) to the main thread and returns its answer. The request body streams
 * through; aborting the client's request aborts the upstream one. Answers 503 when the main thread cannot be
 * reached (it is shutting down).
 */
export async function proxyHttp(req: Request, ip: string, link: InternalLink): Promise<Response> {
  try {
    const res = await fetch(`http://127.0.0.1:${link.port}${pathOf(req)}`, {
      method: req.method,
      headers: forwardedHeaders(req, ip, link),
      body: req.body,
      redirect: "manual",
      decompress: false,
      signal: req.signal,
      duplex: "half",
    } as RequestInit);
    return relay(res);
  } catch {
    return new Response("server is shutting down", { status: 503 });
  }
}

/**
 * Handles a WebSocket upgrade request: asks the main thread whether it accepts it (same auth, origin and route
 * checks, same refusal answers); when it does, upgrades the client here with the PipeData that `pipeHandlers`
 * needs. Returns the refusal to send, or undefined once upgraded.
 */
export async function proxyUpgrade(
  req: Request,
  server: Server<PipeData>,
  ip: string,
  link: InternalLink,
): Promise<Response | undefined> {
  const headers = forwardedHeaders(req, ip, link);
  headers.set(UPGRADE_CHECK_HEADER, "1");
  for (const h of HANDSHAKE) headers.delete(h);
  let check: Response;
  try {
    check = await fetch(`http://127.0.0.1:${link.port}${pathOf(req)}`, {
      headers,
      redirect: "manual",
      decompress: false,
    } as RequestInit);
  } catch {
    return new Response("server is shutting down", { status: 503 });
  }
  if (check.status !== 204) return relay(check);
  const forward: Record<string, string> = {};
  headers.delete(UPGRADE_CHECK_HEADER);
  headers.delete("sec-websocket-protocol");
  headers.forEach((v, k) => (forward[k] = v));
  const protocols = (req.headers.get("sec-websocket-protocol") ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const data: PipeData = { path: pathOf(req), headers: forward, protocols, pending: [] };
  return server.upgrade(req, { data }) ? undefined : new Response("WebSocket upgrade failed", { status: 400 });
}

/** A close code the client may be sent: 1005/1006/1015 only describe what happened, they are never sent. */
function sendableCode(code: number): number {
  return code === 1000 ||
    (code >= 1001 && code <= 1014 && code !== 1005 && code !== 1006) ||
    (code >= 3000 && code <= 4999)
    ? code
    : 1011;
}

/**
 * Bun.serve `websocket` handlers that pipe each client socket to a socket of the main thread: messages both
 * ways as they are (text stays text), a close on either side closes the other. `onChange` hears when a socket
 * opens, carries a message or closes (the thread's idle clock).
 */
export function pipeHandlers(link: InternalLink, onChange: () => void): WebSocketHandler<PipeData> {
  return {
    open(ws: ServerWebSocket<PipeData>) {
      onChange();
      const up = new WebSocket(`ws://127.0.0.1:${link.port}${ws.data.path}`, {
        headers: ws.data.headers,
        protocols: ws.data.protocols,
      } as unknown as string[]);
      up.binaryType = "arraybuffer";
      ws.data.upstream = up;
      up.onopen = () => {
        for (const m of ws.data.pending) up.send(m);
        ws.data.pending = [];
      };
      up.onmessage = (e) => ws.send(typeof e.data === "string" ? e.data : new Uint8Array(e.data as ArrayBuffer));
      up.onclose = (e) => ws.close(sendableCode(e.code), e.reason);
      up.onerror = () => ws.close(1011, "upstream failed");
    },
    message(ws, message) {
      onChange();
      const up = ws.data.upstream;
      const m = typeof message === "string" ? message : new Uint8Array(message);
      if (up && up.readyState === WebSocket.OPEN) up.send(m);
      else ws.data.pending.push(m);
    },
    close(ws, code, reason) {
      onChange();
      const up = ws.data.upstream;
      if (up && up.readyState <= WebSocket.OPEN) up.close(sendableCode(code), reason);
    },
  };
}
