import { describe, expect, it } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createCommandConnection,
  type CommandConnectionOptions,
} from "../../../src/server/commands/command-connection";
import type { CommandServerMessage } from "../../../src/shared/wire/command";

/** A session over a real temp folder whose messages are collected. */
function session(extra: Partial<CommandConnectionOptions> = {}) {
  const messages: CommandServerMessage[] = [];
  const closed: string[] = [];
  const s = createCommandConnection({
    cwd: mkdtempSync(join(tmpdir(), "fbe-cmd-")),
    allowedCommands: () => ["sleep", "yes", "echo", "no-such-program-fbe"],
    shell: () => [],
    send: (m) => messages.push(m),
    bufferedBytes: () => 0,
    close: (code, reason) => closed.push(`${code} ${reason}`),
    ...extra,
  });
  return { s, messages, closed };
}

describe("a command runner session", () => {
  it("kills a command that runs past its time limit and says so", async () => {
    const { s, messages } = session({ timeoutMs: 300 });
    const started = Date.now();
    await s.receive("sleep 30");
    expect(Date.now() - started).toBeLessThan(5000);
    expect(messages.at(-1)).toEqual({ type: "end", reason: "timeout", exitCode: null });
  });

  it("stops a command whose output the client does not read fast enough", async () => {
    let queued = 0;
    const { s, messages } = session({ bufferedBytes: () => (queued += 100_000) });
    await s.receive("yes");
    expect(messages.at(-1)).toEqual({ type: "end", reason: "overflow", exitCode: null });
    expect(messages.filter((m) => m.type === "stdout").length).toBeLessThan(100);
  });

  it("reports a program that is not installed", async () => {
    const { s, messages } = session();
    await s.receive("no-such-program-fbe --help");
    expect(messages.at(-1)).toEqual({ type: "end", reason: "missing", exitCode: null });
  });

  it("closes the connection when the user's session ended", async () => {
    const { s, messages, closed } = session({ allowedCommands: () => null });
    await s.receive("echo hi");
    expect(closed).toEqual(["4001 session ended"]);
    expect(messages).toEqual([]);
  });
});
