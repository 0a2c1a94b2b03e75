/**
 * @module When a file descriptor behind an answer may be closed. A user's file is opened beneath its scope
 * (fs/beneath.ts) and handed to Bun by the path of that descriptor (`/proc/self/fd/N`), so that Bun's sendfile and
 * Content-Length stay. Bun opens that path itself when it takes the answer's body (then `Response.bodyUsed` turns
 * true), at a moment the app does not hear of; a descriptor number closed before then could be reused by another
 * file. So each descriptor is closed once its answer's body was taken, or once no request at all is in flight on any
 * listener of this thread (Bun's `pendingRequests`: an answer whose client left before its body was taken), checked
 * every CHECK_MS, and at once when DEFERRED_MAX wait. Past that many answers whose bodies were not taken yet,
 * answers stream from their descriptor instead (http/fd-body.ts).
 */
import { closeSync } from "node:fs";

/** What the release needs of a listener: Bun's count of requests not yet fully answered. */
export interface PendingCounter {
  readonly pendingRequests: number;
}

/** Most descriptors waiting at once (a burst of large downloads past it streams). */
const DEFERRED_MAX = 1024;
/** How often the waiting descriptors are looked at, in ms. */
const CHECK_MS = 50;

const listeners = new Set<PendingCounter>();
const waiting = new Map<number, { bodyUsed: boolean }>();
let timer: ReturnType<typeof setInterval> | null = null;

/** Registers a listener of this thread whose answers may hold waiting descriptors (serve.ts, the transfer threads). */
export function watchListener(server: PendingCounter): void {
  listeners.add(server);
}

/** Forgets a listener (stopped). */
export function unwatchListener(server: PendingCounter): void {
  listeners.delete(server);
}

/**
 * True when a descriptor may wait for its answer (closeAfterBody): a listener is known (not so under in-process
 * tests) and fewer than DEFERRED_MAX wait. Otherwise the caller streams and closes it itself.
 */
export function canCloseAfterBody(): boolean {
  if (listeners.size === 0) return false;
  // Under steady load more answers than the limit may come between two checks: look at them now.
  if (waiting.size >= DEFERRED_MAX) release();
  return waiting.size < DEFERRED_MAX;
}

/** Closes `fd` once Bun has taken the body of `answer` (or every listener is quiet); see the module comment. */
export function closeAfterBody(fd: number, answer: { bodyUsed: boolean }): void {
  waiting.set(fd, answer);
  if (timer) return;
  timer = setInterval(release, CHECK_MS);
  // Never keeps the process alive on its own (shutdown closes everything anyway).
  (timer as { unref?: () => void }).unref?.();
}

/** Descriptors waiting now. */
export function waitingCount(): number {
  return waiting.size;
}

function release(): void {
  let quiet = true;
  for (const l of listeners) if (l.pendingRequests > 0) quiet = false;
  for (const [fd, answer] of waiting) {
    if (!quiet && !answer.bodyUsed) continue;
    waiting.delete(fd);
    try {
      closeSync(fd);
    } catch {
      // already closed: nothing to free
    }
  }
  if (waiting.size === 0 && timer) {
    clearInterval(timer);
    timer = null;
  }
}
