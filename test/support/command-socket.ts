/**
 * @module A client of the command runner for tests (docs/product.md "Sockets"): connects with `?auth=`,
 * records every message, sends lines and waits for the messages a test expects.
 */
import type { CommandServerMessage } from "../../src/shared/wire/command";
import type { TestServer } from "./server";
import { openJsonSocket } from "./json-socket";

/** One open command connection. */
export interface CommandSocket {
  readonly messages: CommandServerMessage[];
  send(line: string): void;
  /** Resolves with the first message (received or coming) that `match` accepts; rejects after `timeoutMs`. */
  waitFor(match: (m: CommandServerMessage) => boolean, timeoutMs?: number): Promise<CommandServerMessage>;
  /** Sends `line` and resolves with every message it caused, up to its `end` or `refused` message. */
  run(line: string, timeoutMs?: number): Promise<CommandServerMessage[]>;
  close(): Promise<void>;
  /** Calls `fn` with the close code when the server closes the connection. */
  onClose(fn: (code: number) => void): void;
}

/** Output lines of one stream among `messages`. */
export function linesOf(messages: CommandServerMessage[], stream: "stdout" | "stderr" = "stdout"): string[] {
  return messages.flatMap((m) => (m.type === stream ? [m.line] : []));
}

/** Opens `/api/command{path}?auth=TOKEN`; rejects with the close code when the server refuses the upgrade. */
export async function openCommandSocket(server: TestServer, token: string, path = "/"): Promise<CommandSocket> {
  const { ws, messages, closed, waitFrom } = await openJsonSocket<CommandServerMessage>(
    `${server.url.replace(/^http/, "ws")}/api/command${path}?auth=${encodeURIComponent(token)}`,
    "command",
  );
  let closeCode: number | null = null;
  ws.addEventListener("close", (e) => (closeCode = e.code));
  return {
    messages,
    send: (line) => ws.send(line),
    waitFor: (match, timeoutMs = 10_000) => waitFrom(0, match, timeoutMs),
    async run(line, timeoutMs = 10_000) {
      const from = messages.length;
      ws.send(line);
      await waitFrom(from, (m) => m.type === "end" || m.type === "refused", timeoutMs);
      return messages.slice(from);
    },
    async close() {
      ws.close();
      await closed;
    },
    onClose(fn) {
      if (closeCode !== null) fn(closeCode);
      else ws.addEventListener("close", (e) => fn(e.code));
    },
  };
}
