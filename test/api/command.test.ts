import { beforeAll, describe, expect, it } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { serverPerFile } from "../support/server-per-file";
import { makeTree } from "../support/tree";
import { call, NO_PERM, putSettings, putUser, type Perm } from "../support/factories";
import { SOCKET_SESSION_CHECK_MS } from "../../src/server/auth/session-watch";
import { login } from "../support/server";
import { rawGet } from "../support/raw-http";
import { linesOf, openCommandSocket } from "../support/command-socket";

// A variable of the server's own environment: commands must not see it.
const ctx = serverPerFile({ env: { FBE_PRIVATE_MARKER: "server-only-value" } });
const ALLOWED = ["ls", "echo", "cat", "sleep", "pwd", "env"];
// Names a shell would run if it ever evaluated them; each would create a file named pwned*.
const EVIL_NAMES = ["$(touch pwned1)", "a;touch pwned2", "`touch pwned3`", "b&&touch pwned4", "c|touch pwned5"];
let runner = "";

/** Creates a user with `perm` and `commands` and returns its id and a login token. */
async function makeRunner(perm: Perm, commands: string[]): Promise<{ id: number; token: string }> {
  const username = `cmd-${Math.random().toString(36).slice(2, 8)}`;
  const data = { username, password: "a-long-password-123", perm: { ...NO_PERM, ...perm }, commands };
  const res = await call(ctx.server, ctx.admin, "POST", "/users", { what: "user", which: [], data });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  return { id, token: await login(ctx.server, username, data.password) };
}

/** Creates a user with `perm` and `commands` and returns a login token. */
async function userWith(perm: Perm, commands: string[]): Promise<string> {
  return (await makeRunner(perm, commands)).token;
}

/** The pwned* files anywhere a command could have made them. */
function pwned(): string[] {
  return [join(ctx.server.root, "work"), ctx.server.root].flatMap((d) =>
    readdirSync(d).filter((n) => n.startsWith("pwned")),
  );
}

/** The upgrade request as a browser sends it, for checking the answer given before any upgrade. */
function upgradeHeaders(): Record<string, string> {
  return { Upgrade: "websocket", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version": "13" };
}

beforeAll(async () => {
  makeTree(ctx.server.root, { work: { "hello.txt": "hello from the file\n", sub: {} }, other: {} });
  for (const name of EVIL_NAMES) makeTree(join(ctx.server.root, "work"), { [name]: "x" });
  runner = await userWith({ execute: true }, ALLOWED);
});

for (const shell of [["bash", "-c"], []]) {
  const label = shell.length ? "with the shell `bash -c`" : "without a shell";
  describe(`the command runner ${label}`, () => {
    beforeAll(() => putSettings(ctx.server, ctx.admin, { shell }));

    it("runs an allowed command in the folder and streams its output lines", async () => {
      const ws = await openCommandSocket(ctx.server, runner, "/work/");
      const out = await ws.run("cat hello.txt");
      expect(out[0]).toEqual({ type: "start", line: "cat hello.txt" });
      expect(linesOf(out)).toEqual(["hello from the file"]);
      expect(out.at(-1)).toEqual({ type: "end", reason: "exit", exitCode: 0 });
      expect(linesOf(await ws.run("pwd"))).toEqual([join(ctx.server.root, "work")]);
      const failed = await ws.run("ls missing-file");
      expect(linesOf(failed, "stderr").join("\n")).toContain("missing-file");
      expect(failed.at(-1)).toMatchObject({ type: "end", reason: "exit" });
      expect((failed.at(-1) as { exitCode: number }).exitCode).not.toBe(0);
      await ws.close();
    });

    it("refuses a command that is not in the user's list and runs nothing", async () => {
      const ws = await openCommandSocket(ctx.server, runner, "/work/");
      const out = await ws.run("touch pwned0");
      expect(out).toEqual([
        { type: "refused", code: "not_allowed", detail: "touch", message: "command not allowed: touch" },
      ]);
      expect(pwned()).toEqual([]);
      await ws.close();
    });

    it.each([
      "echo a; touch pwned1",
      "echo a && touch pwned2",
      "echo a || touch pwned3",
      "echo a | touch pwned4",
      "echo `touch pwned5`",
      "echo $(touch pwned6)",
      "echo ${IFS}$(touch pwned7)",
      'echo "$(touch pwned8)"',
      "echo a > pwned9",
      "echo a\ntouch pwned10",
      "echo a & touch pwned11",
    ])("cannot be escaped with %p", async (line) => {
      const ws = await openCommandSocket(ctx.server, runner, "/work/");
      const out = await ws.run(line);
      if (shell.length) expect(out.map((m) => m.type)).toEqual(["refused"]);
      // Without a shell the words are plain arguments of echo: printed, never run.
      else expect(linesOf(out).join(" ")).toContain("pwned");
      expect(pwned()).toEqual([]);
      await ws.close();
    });

    it("runs nothing from file names holding shell characters, listed, globbed or passed as arguments", async () => {
      const ws = await openCommandSocket(ctx.server, runner, "/work/");
      const listed = linesOf(await ws.run("ls"));
      for (const name of EVIL_NAMES) expect(listed).toContain(name);
      await ws.run("cat *");
      await ws.run("ls -l * */");
      await ws.run("cat '$(touch pwned1)' 'a;touch pwned2' '`touch pwned3`'");
      expect(linesOf(await ws.run("echo 'b&&touch pwned4' \"c|touch pwned5\""))).toEqual([
        "b&&touch pwned4 c|touch pwned5",
      ]);
      expect(pwned()).toEqual([]);
      await ws.close();
    });
  });
}

describe("who may open the command runner", () => {
  it("answers 403 before the upgrade to a user without the execute permission", async () => {
    const token = await userWith({ create: true }, ALLOWED);
    const res = await rawGet(ctx.server.origin, `/api/command/work/?auth=${token}`, upgradeHeaders());
    expect(res.status).toBe(403);
    await expect(openCommandSocket(ctx.server, token, "/work/")).rejects.toThrow("closed before open");
  });

  it("refuses a read-only media token (401) and a missing token", async () => {
    const res = await call(ctx.server, runner, "GET", "/media-token/work/");
    const media = ((await res.json()) as { token: string }).token;
    expect((await rawGet(ctx.server.origin, `/api/command/work/?auth=${media}`, upgradeHeaders())).status).toBe(401);
    expect((await rawGet(ctx.server.origin, "/api/command/work/", upgradeHeaders())).status).toBe(401);
    await expect(openCommandSocket(ctx.server, media, "/work/")).rejects.toThrow("closed before open");
  });

  it("refuses a path outside the scope (403), a missing folder (404) and a file (400)", async () => {
    expect((await rawGet(ctx.server.origin, `/api/command/..%2f..%2f?auth=${runner}`, upgradeHeaders())).status).toBe(
      403,
    );
    expect((await rawGet(ctx.server.origin, `/api/command/nope/?auth=${runner}`, upgradeHeaders())).status).toBe(404);
    expect(
      (await rawGet(ctx.server.origin, `/api/command/work/hello.txt?auth=${runner}`, upgradeHeaders())).status,
    ).toBe(400);
  });

  it("refuses every line of a user with execute but no allowed command", async () => {
    const ws = await openCommandSocket(ctx.server, await userWith({ execute: true }, []), "/work/");
    expect(await ws.run("ls")).toEqual([
      { type: "refused", code: "not_allowed", detail: "ls", message: "command not allowed: ls" },
    ]);
    await ws.close();
  });
});

describe("what a command sees and how long the connection lasts", () => {
  it("gets a small environment without the server's own variables", async () => {
    const ws = await openCommandSocket(ctx.server, runner, "/work/");
    const env = linesOf(await ws.run("env"));
    expect(env.some((l) => l.startsWith("PATH="))).toBe(true);
    expect(env.join("\n")).not.toContain("server-only-value");
    await ws.close();
  });

  it("is closed once the user logged out, and a line sent after runs nothing", async () => {
    const token = await userWith({ execute: true }, ALLOWED);
    const ws = await openCommandSocket(ctx.server, token, "/work/");
    expect(linesOf(await ws.run("echo before"))).toEqual(["before"]);
    expect((await call(ctx.server, token, "POST", "/logout")).status).toBe(200);
    const closed = new Promise<number>((resolve) => ws.onClose(resolve));
    ws.send("echo after");
    expect(await closed).toBe(4001);
    expect(linesOf(ws.messages)).toEqual(["before"]);
  });
});

describe("a running command", () => {
  /** Process ids of `sleep <seconds>` commands still alive. */
  const sleepers = (seconds: string) => {
    const out = Bun.spawnSync(["pgrep", "-f", `^sleep ${seconds}$`])
      .stdout.toString()
      .trim();
    return out ? out.split("\n") : [];
  };

  it("refuses a second line while one runs", async () => {
    const ws = await openCommandSocket(ctx.server, runner, "/work/");
    ws.send("sleep 31.5");
    await ws.waitFor((m) => m.type === "start");
    expect(await ws.run("echo hi")).toEqual([
      { type: "refused", code: "busy", detail: "", message: "a command is already running" },
    ]);
    await ws.close();
  });

  it("is killed with its whole process group when the connection closes", async () => {
    await putSettings(ctx.server, ctx.admin, { shell: ["bash", "-c"] });
    const ws = await openCommandSocket(ctx.server, runner, "/work/");
    // Through the shell the sleep is a child of bash: the group kill must reach it too.
    ws.send("sleep 47.25 ; echo never");
    const refused = await ws.waitFor((m) => m.type === "refused");
    expect(refused).toMatchObject({ code: "operator", detail: ";" });
    ws.send("sleep 47.25 '1'");
    await ws.waitFor((m) => m.type === "start");
    await Bun.sleep(200);
    expect(sleepers("47.25 1")).toHaveLength(1);
    await ws.close();
    for (let i = 0; i < 50 && sleepers("47.25 1").length; i++) await Bun.sleep(100);
    expect(sleepers("47.25 1")).toEqual([]);
  });

  // Each way a session can end while a command runs: the command is killed at once, not at the next line.
  const endings: [string, (id: number, token: string) => Promise<Response>][] = [
    ["the user logs out", (_id, token) => call(ctx.server, token, "POST", "/logout")],
    ["an admin takes execute away", (id) => putUser(ctx.server, ctx.admin, id, ["perm"], { perm: { ...NO_PERM } })],
    ["an admin deletes the user", (id) => call(ctx.server, ctx.admin, "DELETE", `/users/${id}`)],
  ];
  for (const [i, [what, end]] of endings.entries()) {
    it(`is killed with its whole process group and the connection closed (4001) as soon as ${what}`, async () => {
      await putSettings(ctx.server, ctx.admin, { shell: ["bash", "-c"] });
      const marker = `30.07${i}`;
      const { id, token } = await makeRunner({ execute: true }, ALLOWED);
      const ws = await openCommandSocket(ctx.server, token, "/work/");
      const closed = new Promise<number>((resolve) => ws.onClose(resolve));
      ws.send(`sleep ${marker}`);
      await ws.waitFor((m) => m.type === "start");
      for (let n = 0; n < 50 && sleepers(marker).length === 0; n++) await Bun.sleep(50);
      expect(sleepers(marker)).toHaveLength(1);
      const endedAt = Date.now();
      expect((await end(id, token)).status).toBeLessThan(300);
      expect(await closed).toBe(4001);
      // Far below the periodic check (SOCKET_SESSION_CHECK_MS): the end itself triggers the check.
      expect(Date.now() - endedAt).toBeLessThan(SOCKET_SESSION_CHECK_MS / 3);
      for (let n = 0; n < 50 && sleepers(marker).length; n++) await Bun.sleep(100);
      expect(sleepers(marker)).toEqual([]);
      expect(ws.messages.map((m) => m.type)).toEqual(["start"]);
    });
  }
});
