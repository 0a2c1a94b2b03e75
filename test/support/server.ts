/**
 * @module Starts the real server (the built binary `dist/fbe`, or the sources under Bun when it is absent
 * or FBE_FROM_SOURCE=1) on port 0 over a fresh temp folder, for API and browser tests.
 * Node-compatible (Playwright imports it too): uses node:child_process only.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const BIN = join(REPO, "dist", "fbe");
const BUN = join(REPO, "node_modules", ".bin", "bun");

export interface TestServer {
  /** Origin plus base URL, e.g. http://127.0.0.1:40123 or http://127.0.0.1:40123/app. */
  url: string;
  origin: string;
  /** The files root (a fresh temp folder unless given). */
  root: string;
  /** Temp folder holding the database and cache. */
  home: string;
  username: string;
  password: string;
  /** Everything the server printed so far. */
  output: () => string;
  /** The server's process; absent for a server inside the test process (in-process.ts). */
  process?: ChildProcess;
  /** Stops the server (SIGTERM for a process) and removes the temp folders it created. */
  stop: () => Promise<void>;
}

/** A server started by startServer: a process of its own. */
export interface ProcessServer extends TestServer {
  process: ChildProcess;
}

export interface StartOptions {
  /** Use this files root instead of a fresh empty one. */
  root?: string;
  /** Extra flags, e.g. ["--baseurl", "/app"] or ["--noauth"]. */
  args?: string[];
  env?: Record<string, string>;
  username?: string;
  password?: string;
  /** Run the built binary even when FBE_FROM_SOURCE=1 (for what only exists in the binary). */
  binary?: boolean;
}

/** The command that runs the server: the binary when built, else the sources under Bun. */
export function serverCommand(): string[] {
  if (existsSync(BIN) && process.env.FBE_FROM_SOURCE !== "1") return [BIN];
  return [BUN, join(REPO, "src", "server", "main.ts")];
}

/**
 * The temp folders and command-line flags of a test server, shared by startServer and the in-process start: a fresh
 * home (database and, unless `opts.root`, the files root), the admin's name and password, and the flags that listen on
 * any free loopback port over them followed by `opts.args`.
 */
export function serverSetup(opts: StartOptions): {
  home: string;
  root: string;
  username: string;
  password: string;
  args: string[];
} {
  const home = mkdtempSync(join(tmpdir(), "fbe-test-"));
  const root = opts.root ?? join(home, "files");
  mkdirSync(root, { recursive: true });
  const username = opts.username ?? "admin";
  const password = opts.password ?? "test-password-123";
  const args = [
    "-p",
    "0",
    "-a",
    "127.0.0.1",
    "-r",
    root,
    "-d",
    join(home, "fbe.db"),
    "--username",
    username,
    "--password",
    password,
    ...(opts.args ?? []),
  ];
  return { home, root, username, password, args };
}

/**
 * Starts a server and resolves once it printed `listening on http://ADDR:PORT` (rejects after 20 s
 * or when it exits first, with its output in the message).
 */
export async function startServer(opts: StartOptions = {}): Promise<ProcessServer> {
  const { home, root, username, password, args } = serverSetup(opts);
  const [cmd, ...pre] = opts.binary ? [BIN] : serverCommand();
  const child = spawn(cmd, [...pre, ...args], {
    env: { ...process.env, ...opts.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 20 s:\n${out}`)), 20_000);
    const check = () => {
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace(/\/$/, ""));
      }
    };
    child.stdout!.on("data", check);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  const baseIdx = opts.args?.indexOf("--baseurl") ?? -1;
  const base = baseIdx >= 0 ? opts.args![baseIdx + 1].replace(/\/$/, "") : "";
  return {
    url: origin + base,
    origin,
    root,
    home,
    username,
    password,
    output: () => out,
    process: child,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** Logs in through POST /api/login and returns the token. */
export async function login(
  server: TestServer,
  username = server.username,
  password = server.password,
): Promise<string> {
  const res = await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return res.text();
}
