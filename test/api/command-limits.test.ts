import { beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { makeTree } from "../support/tree";
import { call, NO_PERM, putSettings } from "../support/factories";
import { login } from "../support/server";
import { openJsonSocket } from "../support/json-socket";
import { openCommandSocket, type CommandSocket } from "../support/command-socket";
import type { CommandServerMessage } from "../../src/shared/wire/command";

const ctx = serverInProcess();

/** Creates a user allowed to run `sleep` and `ls` and returns a login token. */
async function runner(): Promise<string> {
  const username = `limit-${Math.random().toString(36).slice(2, 8)}`;
  const data = {
    username,
    password: "a-long-password-123",
    perm: { ...NO_PERM, execute: true },
    commands: ["sleep", "ls"],
  };
  const res = await call(ctx.server, ctx.admin, "POST", "/users", { what: "user", which: [], data });
  expect(res.status).toBe(201);
  return login(ctx.server, username, data.password);
}

/** Opens a raw command connection and waits until the server closes it or 3 s pass; returns what it saw. */
async function refusedConnection(token: string): Promise<{ messages: CommandServerMessage[]; code: number | null }> {
  const sock = await openJsonSocket<CommandServerMessage>(
    `${ctx.server.url.replace(/^http/, "ws")}/api/command/?auth=${encodeURIComponent(token)}`,
    "command",
  );
  const closed = await Promise.race([sock.closed, Bun.sleep(3_000).then(() => null)]);
  if (!closed) sock.ws.close();
  return { messages: sock.messages, code: closed?.code ?? null };
}

const closeAll = (socks: CommandSocket[]) => Promise.all(socks.map((s) => s.close()));

beforeAll(() => makeTree(ctx.server.root, { work: { "a.txt": "a" } }));

describe("command runner limits per user", () => {
  it("the global setting commandSessionsPerUser defaults to 4 and takes 1 to 64", async () => {
    const res = await call(ctx.server, ctx.admin, "GET", "/settings");
    expect(((await res.json()) as { commandSessionsPerUser: number }).commandSessionsPerUser).toBe(4);
    for (const bad of [0, 65, 2.5, "many"]) {
      const put = await call(ctx.server, ctx.admin, "PUT", "/settings", { commandSessionsPerUser: bad });
      expect({ bad, status: put.status }).toEqual({ bad, status: 400 });
    }
  });

  it("refuses a fifth connection of one user with too_many and close code 4029, while another user still connects", async () => {
    const token = await runner();
    const open = await Promise.all([1, 2, 3, 4].map(() => openCommandSocket(ctx.server, token, "/work/")));
    try {
      const refused = await refusedConnection(token);
      expect(refused.code).toBe(4029);
      expect(refused.messages).toEqual([
        { type: "refused", code: "too_many", detail: "4", message: "too many commands at once: at most 4 per user" },
      ]);
      const other = await openCommandSocket(ctx.server, await runner(), "/work/");
      expect((await other.run("ls")).at(-1)).toEqual({ type: "end", reason: "exit", exitCode: 0 });
      await other.close();
      // The four held connections still work, and closing one frees its place.
      expect((await open[0].run("ls")).at(-1)).toEqual({ type: "end", reason: "exit", exitCode: 0 });
      await open.pop()!.close();
      open.push(await openCommandSocket(ctx.server, token, "/work/"));
      expect((await open[3].run("ls")).at(-1)).toEqual({ type: "end", reason: "exit", exitCode: 0 });
    } finally {
      await closeAll(open);
    }
  });

  it("of thirty connections opened at once by one user, at most four run a command", async () => {
    const token = await runner();
    const attempts = await Promise.all(
      Array.from({ length: 30 }, () => openCommandSocket(ctx.server, token, "/work/")),
    );
    try {
      const answers = await Promise.all(
        attempts.map(async (s) => {
          s.send("sleep 2");
          return s.waitFor((m) => m.type === "start" || m.type === "refused", 5_000).catch(() => null);
        }),
      );
      expect(answers.filter((m) => m?.type === "start").length).toBeLessThanOrEqual(4);
      expect(answers.filter((m) => m?.type === "start").length).toBeGreaterThan(0);
    } finally {
      await closeAll(attempts);
    }
  });

  it("caps running commands too: lowered to 2 with three connections open, the third command is refused until one ends", async () => {
    const token = await runner();
    const socks = await Promise.all([1, 2, 3].map(() => openCommandSocket(ctx.server, token, "/work/")));
    await putSettings(ctx.server, ctx.admin, { commandSessionsPerUser: 2 });
    try {
      socks[0].send("sleep 1");
      socks[1].send("sleep 1");
      await Promise.all(socks.slice(0, 2).map((s) => s.waitFor((m) => m.type === "start")));
      expect(await socks[2].run("ls")).toEqual([
        { type: "refused", code: "too_many", detail: "2", message: "too many commands at once: at most 2 per user" },
      ]);
      await socks[0].waitFor((m) => m.type === "end", 5_000);
      expect((await socks[2].run("ls")).at(-1)).toEqual({ type: "end", reason: "exit", exitCode: 0 });
    } finally {
      await putSettings(ctx.server, ctx.admin, { commandSessionsPerUser: 4 });
      await closeAll(socks);
    }
  });
});
