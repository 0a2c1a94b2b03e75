/**
 * @module Starts the server inside the test process: the same boot() as the binary (src/server/boot.ts) from the
 * same flags, listening with Bun.serve on port 0, so tests still speak real HTTP and WebSocket to it. What only a
 * process has (exit codes, signals, the printed `listening on` line, the umask, the compiled assets) stays with
 * startServer in server.ts. Its log lines are kept in memory for output(); its clock can be moved (TestClock).
 */
import { rmSync } from "node:fs";
import { boot } from "../../src/server/boot";
import { loadConfig } from "../../src/server/config/load";
import { createLogger, type Logger } from "../../src/server/logger";
import type { Clock, Deps } from "../../src/server/deps";
import { serverSetup, type StartOptions, type TestServer } from "./server";

/** A clock that runs with the system's, moved forward by advance(); shared by everything one server times. */
export class TestClock implements Clock {
  private offsetMs = 0;

  /** Milliseconds since the epoch: Date.now() plus every advance so far. */
  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

/** A server running in this process: the TestServer fields (no `process`), its Deps and its clock. */
export interface InProcessServer extends TestServer {
  deps: Deps;
  clock: TestClock;
}

/**
 * A logger for `target` (the --log value) whose lines also go to `sink`, in place of the terminal: a server in the
 * test process must not print into the runner's report.
 */
function capturingLogger(target: string, sink: (line: string) => void): Logger {
  const toFile =
    target === "stdout" || target === "stderr" || target === "" || target === "off" ? null : createLogger(target);
  const stamp = () => new Date().toISOString();
  const write = (line: string) => {
    if (target !== "off") sink(`${line}\n`);
  };
  return {
    info: (m) => {
      toFile?.info(m);
      write(`${stamp()} ${m}`);
    },
    error: (m) => {
      toFile?.error(m);
      write(`${stamp()} ERROR ${m}`);
    },
  };
}

/**
 * Starts a server in this process with the options of startServer (root, args, env, username, password; `binary`
 * is refused) and resolves once it listens. `env` adds to process.env for the FBE_* tuning variables only: nothing
 * of this process's environment is changed.
 */
export async function startInProcess(opts: StartOptions = {}): Promise<InProcessServer> {
  if (opts.binary) throw new Error("startInProcess cannot run the binary: use startServer");
  // Only the server's own variables reach it here; others (PATH for tool wrappers) need the binary's process.
  const foreign = Object.keys(opts.env ?? {}).filter((k) => !/^FBE?_/.test(k));
  if (foreign.length > 0)
    throw new Error(`startInProcess passes only FB_ and FBE_ variables, not ${foreign.join(", ")}: use startServer`);
  const { home, root, username, password, args } = serverSetup(opts);
  const env = { ...process.env, ...opts.env };
  const config = loadConfig(args, env, process.cwd());
  let out = "";
  const clock = new TestClock();
  const booted = await boot(config, { clock, log: capturingLogger(config.log, (line) => (out += line)) });
  const server = booted.listen();
  void booted.startIndex();
  const origin = `http://127.0.0.1:${server.port}`;
  const baseIdx = opts.args?.indexOf("--baseurl") ?? -1;
  const base = baseIdx >= 0 ? opts.args![baseIdx + 1].replace(/\/$/, "") : "";
  let stopped: Promise<void> | undefined;
  return {
    url: origin + base,
    origin,
    root,
    home,
    username,
    password,
    output: () => out,
    deps: booted.deps,
    clock,
    stop: () => {
      stopped ??= booted.stop().finally(() => rmSync(home, { recursive: true, force: true }));
      return stopped;
    },
  };
}
