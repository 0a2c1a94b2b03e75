/**
 * @module Entry of a transfer thread (a Bun Worker started by transfer-threads.ts): a second listener on the
 * server's port (SO_REUSEPORT, so the kernel spreads new connections over the threads) that serves file
 * downloads and Range reads on its own core and hands everything else to the main thread. It stops itself
 * after `idleMs` without a request or an open WebSocket.
 */
import type { Server } from "bun";
import { systemClock, type Deps } from "../deps";
import { serveErrorResponse } from "../errors";
import { unwatchListener, watchListener } from "../http/fd-release";
import { createLogger } from "../logger";
import { openReaderDatabase } from "../db/open";
import { buildInfo } from "../build-info";
import { createTransferApp, isPlainFileRequest } from "../routes/transfer-app";
import { pipeHandlers, proxyHttp, proxyUpgrade, type PipeData } from "./proxy";
import type { ThreadInit, ThreadMessage } from "./internal-protocol";
import { allowFfi } from "../fs/libc";

declare const self: Worker;
const post = (m: ThreadMessage) => self.postMessage(m);

function start(init: ThreadInit): void {
  const { config, link } = init;
  // Files are opened beneath their scope through libc unless the Config turned bun:ffi off.
  allowFfi(config.listingFfi);
  const db = openReaderDatabase(config.database);
  const deps = {
    config,
    db,
    secret: init.secret,
    log: createLogger(config.log),
    build: buildInfo(),
    rootReal: init.rootReal,
    clock: systemClock,
  } as Deps;
  const ipOf = (req: Request) => server.requestIP(req)?.address ?? "unknown";
  const app = createTransferApp(deps, (req) => proxyHttp(req, ipOf(req), link));
  const prefix = `${config.baseurl}/api/raw/`;
  let lastActive = Date.now();
  const touch = () => (lastActive = Date.now());
  const server: Server<PipeData> = Bun.serve<PipeData>({
    hostname: config.address,
    port: init.port,
    reusePort: true,
    development: false,
    idleTimeout: 0,
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
    async fetch(req, srv) {
      touch();
      if (req.headers.get("upgrade")?.toLowerCase() === "websocket") return proxyUpgrade(req, srv, ipOf(req), link);
      if (isPlainFileRequest(req.method, new URL(req.url), prefix)) return app.fetch(req, srv);
      return proxyHttp(req, ipOf(req), link);
    },
    error: serveErrorResponse,
    websocket: pipeHandlers(link, touch),
  });
  // Descriptors of files answered here close once this listener is quiet (http/fd-release.ts).
  watchListener(server);
  const stop = () => {
    clearInterval(timer);
    unwatchListener(server);
    server.stop(true);
    db.close();
    post({ type: "stopped" });
  };
  const timer = setInterval(
    () => {
      // A download still being sent counts as a pending request; a piped WebSocket as a pending socket.
      if (server.pendingRequests + server.pendingWebSockets > 0) touch();
      else if (Date.now() - lastActive >= init.idleMs) stop();
    },
    Math.min(init.idleMs, 5000),
  );
  self.onmessage = (e: MessageEvent) => {
    if ((e.data as { type?: string })?.type === "stop") stop();
  };
  post({ type: "listening" });
}

self.onmessage = (e: MessageEvent) => {
  const init = e.data as ThreadInit;
  if (init?.type !== "init") return;
  try {
    start(init);
  } catch (err) {
    post({ type: "failed", message: (err as Error)?.message ?? String(err) });
  }
};
