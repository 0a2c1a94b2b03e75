/**
 * @module The one place that opens the task WebSocket (docs/product.md "Sockets", "Task connection"): it
 * reconnects every TASK_RECONNECT_MS after a close until stopped, and refuses to send while closed.
 */

/**
 * The task connection is tried again this long after it closes (docs/product.md "Task connection", "Timings": every 10
 * s).
 */
const TASK_RECONNECT_MS = 10_000;

/** What the connection tells its owner. `onClose` is not called for a close that `stop()` asked for. */
export interface TaskSocketHandlers {
  onOpen: () => void;
  onMessage: (data: string) => void;
  onClose: (code: number, reason: string) => void;
}

/** A running connection: send while open, stop for good. */
export interface TaskSocket {
  /** Sends one text frame; false when the socket is not open (nothing is sent). */
  send: (data: string) => boolean;
  /** Closes the socket and cancels any planned reconnect. */
  stop: () => void;
}

/**
 * Opens the task socket at `url()` (read again before each reconnect, so a renewed token is used; null = do not
 * connect now but try again later) and keeps it open: after a close it tries again every TASK_RECONNECT_MS when
 * `reconnect` is true.
 */
export function connectTaskSocket(
  url: () => string | null,
  handlers: TaskSocketHandlers,
  reconnect: boolean,
): TaskSocket {
  let ws: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const later = () => {
    if (!stopped && reconnect) timer = setTimeout(open, TASK_RECONNECT_MS);
  };
  function open(): void {
    timer = null;
    const address = url();
    if (!address) return later();
    const socket = new WebSocket(address);
    ws = socket;
    socket.onopen = () => !stopped && handlers.onOpen();
    socket.onmessage = (e) => !stopped && typeof e.data === "string" && handlers.onMessage(e.data);
    socket.onclose = (e) => {
      if (stopped || ws !== socket) return;
      ws = null;
      handlers.onClose(e.code, e.reason);
      later();
    };
  }
  open();
  return {
    send(data) {
      if (!ws || ws.readyState !== WebSocket.OPEN) return false;
      ws.send(data);
      return true;
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      ws?.close();
      ws = null;
    },
  };
}
