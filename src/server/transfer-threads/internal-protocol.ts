/**
 * @module How a transfer thread hands a request it does not serve to the main thread: over loopback to the
 * main thread's internal listener, with these headers. The key proves the request came from a thread of this
 * process; only then are the client address and host it carries believed.

 */
import type { Config } from "../config/flags";

/** The internal listener's key (random per start, 256 bits, hex). */
export const THREAD_KEY_HEADER = "x-fbe-thread-key";
/** The address of the client the thread's connection came from (Bun's `requestIP`). */
export const CLIENT_IP_HEADER = "x-fbe-client-ip";
/** The Host the client sent: a WebSocket client may not set Host itself, and the origin checks compare with it. */
export const CLIENT_HOST_HEADER = "x-fbe-client-host";
/** Set on the question "would you accept this WebSocket upgrade?", asked before the thread upgrades the client. */
export const UPGRADE_CHECK_HEADER = "x-fbe-upgrade-check";

/** Where the main thread's internal listener is and the key it wants. */
export interface InternalLink {
  port: number;
  key: string;
}

/** What the main thread sends a transfer thread to start it. */
export interface ThreadInit {
  type: "init";
  /** The server's Config (flags), as loaded. */
  config: Config;
  secret: string;
  rootReal: string;
  /** The public port the main thread listens on (with SO_REUSEPORT). */
  port: number;
  link: InternalLink;
  /** Stop after this many ms without a request or open WebSocket. */
  idleMs: number;
}

/** Messages of a transfer thread: listening, or stopped (idle or asked to), or failed to start. */
export type ThreadMessage = { type: "listening" } | { type: "stopped" } | { type: "failed"; message: string };
