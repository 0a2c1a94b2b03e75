/**
 * @module A WebSocket test client that records every JSON message the server sends and waits for the ones a test
 * expects; the task and command clients build on it.
 */

/** One open connection and its message log. */
export interface JsonSocket<M> {
  readonly ws: WebSocket;
  /** Every message received so far, in order. */
  readonly messages: M[];
  /** Resolves with the close code and reason once the connection is closed. */
  readonly closed: Promise<{ code: number; reason: string }>;
  /**
   * Resolves with the first message at index `from` or later (received or coming) that `match` accepts.
   * @throws after `timeoutMs`, naming `label` and the last messages received.
   */
  waitFrom(from: number, match: (m: M) => boolean, timeoutMs: number): Promise<M>;
}

/**
 * Opens `url` and resolves once open.
 * @throws when the server closes the connection before it opened (a refused upgrade), with `label` and the close code.
 */
export async function openJsonSocket<M>(url: string, label: string): Promise<JsonSocket<M>> {
  const ws = new WebSocket(url);
  const messages: M[] = [];
  const waiters = new Set<() => void>();
  ws.onmessage = (e) => {
    messages.push(JSON.parse(String(e.data)));
    for (const w of [...waiters]) w();
  };
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => resolve();
    ws.onclose = (e) => reject(new Error(`${label} socket closed before open (${e.code} ${e.reason})`));
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })),
  );
  const waitFrom = (from: number, match: (m: M) => boolean, timeoutMs: number) =>
    new Promise<M>((resolve, reject) => {
      let seen = from;
      const check = () => {
        for (; seen < messages.length; seen++) {
          if (!match(messages[seen])) continue;
          waiters.delete(check);
          clearTimeout(timer);
          return resolve(messages[seen]);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(`no matching ${label} message within ${timeoutMs} ms; got ${JSON.stringify(messages.slice(-5))}`),
        );
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return { ws, messages, closed, waitFrom };
}
