/**
 * @module When a file descriptor behind an answer may be closed. A user's file is opened beneath its scope
 * (fs/beneath.ts) and handed to Bun by the path of that descriptor (`/proc/self/fd/N`), so that Bun's sendfile and
 * Content-Length stay. Bun opens that path only when it starts the body, at a moment the app does not hear of, and a
 * descriptor number closed before then could be reused by another file. So such descriptors are closed only when no
 * request at all is in flight on any listener of this thread (Bun's `pendingRequests`, which counts an answer until
 * its last byte is sent or the client left), checked every DEFERRED_CHECK_MS.
 * At most DEFERRED_MAX wait at once; past that, answers stream from their descriptor instead (http/fd-body.ts).
 */
import { closeSync } from "node:fs";

/** What the release needs of a listener: Bun's count of requests not yet fully answered. */
export interface PendingCounter {
  readonly pendingRequests: number;
}

/** Most descriptors waiting for a quiet moment (a burst of large downloads streams past it). */
const DEFERRED_MAX = 256;
/** How often the listeners are asked whether they are quiet, in ms. */
const DEFERRED_CHECK_MS = 200;

const listeners = new Set<PendingCounter>();
const deferred: number[] = [];
let timer: ReturnType<typeof setInterval> | null = null;

/** Registers a listener of this thread whose answers may hold deferred descriptors (serve.ts, the transfer threads). */
export function watchListener(server: PendingCounter): void {
  listeners.add(server);
}

/** Forgets a listener (stopped). */
export function unwatchListener(server: PendingCounter): void {
  listeners.delete(server);
}

/**
 * Takes `fd` to be closed once every listener of this thread is quiet; false when it cannot (no listener known,
 * as under in-process tests, or DEFERRED_MAX already wait): the caller then streams and closes it itself.
 */
export function deferClose(fd: number): boolean {
  if (listeners.size === 0 || deferred.length >= DEFERRED_MAX) return false;
  deferred.push(fd);
  timer ??= setInterval(releaseWhenQuiet, DEFERRED_CHECK_MS);
  // Never keeps the process alive on its own (shutdown closes everything anyway).
  (timer as { unref?: () => void }).unref?.();
  return true;
}

/** Descriptors waiting now (for tests and the load run's accounting). */
export function deferredCount(): number {
  return deferred.length;
}

function releaseWhenQuiet(): void {
  for (const l of listeners) if (l.pendingRequests > 0) return;
  for (const fd of deferred.splice(0)) {
    try {
      closeSync(fd);
    } catch {
      // already closed: nothing to free
    }
  }
  if (timer) clearInterval(timer);
  timer = null;
}
