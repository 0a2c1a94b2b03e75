/**
 * @module Transfer threads: more listeners on the server's port, each a Bun Worker on its own core, so file
 * downloads and Range reads are not all sent from the one JavaScript thread (measured: a bare Bun.serve sending
 * 1 MiB Range reads went from ~2,300-2,600 to ~2,900-3,200 req/s on 2 cores with a second listener). Linux spreads new connections over listeners bound with SO_REUSEPORT (socket(7)). The threads start
 * with the first `/api/raw/` request and stop after FBE_TRANSFER_IDLE_MS without work, so an idle server
 * keeps one thread. Everything but plain file answers is handed to the main thread (proxy.ts).
 *
 * Off unless FBE_TRANSFER_THREADS asks for them. Measured on 2 cores with the load generator on the same
 * machine: Range reads +5-8 %, but a plain upload whose connection lands on a thread streams through the hand-
 * over at 0.4-0.75x (212-388 MB/s against 368-710 MB/s), so the default keeps every request on one thread.
 */
import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import type { Server, WebSocketHandler } from "bun";
import type { Config } from "../config/flags";
import type { Logger } from "../logger";
import { workerUrl } from "../worker-url";
import { startInternalListener } from "./internal-listener";
import type { InternalLink, ThreadInit, ThreadMessage } from "./internal-protocol";

/** Most transfer threads ever started: past 3 the main thread, which still serves everything else, is the limit. */
const MAX_THREADS = 3;

/** How many threads and how long they idle before stopping. */
export interface TransferThreadOptions {
  count: number;
  idleMs: number;
}

/**
 * Options from `config`: transferThreads (FBE_TRANSFER_THREADS: a count from 0 to 16, or `auto` for one less than
 * the cores, at most MAX_THREADS; default 0, off) and transferIdleMs (FBE_TRANSFER_IDLE_MS, default 120 s).
 */
export function transferThreadOptions(
  config: Pick<Config, "transferThreads" | "transferIdleMs">,
  cores = availableParallelism(),
): TransferThreadOptions {
  const { transferThreads: count } = config;
  return {
    count: count === "auto" ? Math.max(0, Math.min(cores - 1, MAX_THREADS)) : count,
    idleMs: config.transferIdleMs,
  };
}

/** What the threads need from the server. */
export interface TransferThreadDeps {
  config: Readonly<Config>;
  secret: string;
  rootReal: string;
  log: Logger;
  /** The main app and its WebSocket handlers, run for handed-over requests. */
  app: { fetch(req: Request, env: never): Response | Promise<Response> };
  websocket: WebSocketHandler<unknown>;
}

/** The thread's entry file (its own entry point of the build, scripts/build.ts). */
const THREAD_ENTRY = workerUrl("transfer-threads/transfer-thread.ts");

export class TransferThreads {
  private readonly workers = new Set<Worker>();
  private internal: { link: InternalLink; server: Server<unknown> } | null = null;
  private port = 0;
  private rawPrefix: string;

  constructor(
    private readonly options: TransferThreadOptions,
    private readonly deps: TransferThreadDeps,
  ) {
    this.rawPrefix = `${deps.config.baseurl}/api/raw/`;
  }

  /** Whether the main listener must be bound with SO_REUSEPORT (threads may join it). */
  get enabled(): boolean {
    return this.options.count > 0;
  }

  /** Records the public port once the main thread listens. */
  listening(port: number): void {
    this.port = port;
  }

  /** Called for every request the main thread gets: the first file request starts the threads. */
  noteRequest(req: Request): void {
    if (!this.enabled || this.workers.size > 0 || this.port === 0) return;
    if (new URL(req.url).pathname.startsWith(this.rawPrefix)) this.start();
  }

  private start(): void {
    const { config, secret, rootReal, log } = this.deps;
    this.internal ??= startInternalListener(
      this.deps.app as never,
      this.deps.websocket,
      randomBytes(32).toString("hex"),
    );
    const init: ThreadInit = {
      type: "init",
      config: { ...config },
      secret,
      rootReal,
      port: this.port,
      link: this.internal.link,
      idleMs: this.options.idleMs,
    };
    for (let i = 0; i < this.options.count; i++) {
      const worker = new Worker(THREAD_ENTRY);
      this.workers.add(worker);
      worker.onmessage = (e: MessageEvent) => {
        const m = e.data as ThreadMessage;
        if (m.type === "failed") log.error(`transfer thread: ${m.message}`);
        if (m.type === "failed" || m.type === "stopped") this.drop(worker);
      };
      worker.onerror = (e) => {
        log.error(`transfer thread: ${e.message}`);
        this.drop(worker);
      };
      worker.postMessage(init);
    }
  }

  private drop(worker: Worker): void {
    if (!this.workers.delete(worker)) return;
    worker.terminate();
  }

  /** Stops every thread (their connections close) and the internal listener. */
  async stop(): Promise<void> {
    for (const w of [...this.workers]) w.postMessage({ type: "stop" });
    await Bun.sleep(this.workers.size ? 50 : 0);
    for (const w of [...this.workers]) this.drop(w);
    this.internal?.server.stop(true);
    this.internal = null;
  }
}
