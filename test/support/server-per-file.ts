/** @module One real server per API test file: started (and the admin logged in) before the file's tests, stopped after. */
import { afterAll, beforeAll } from "bun:test";
import { login, startServer, type ProcessServer, type StartOptions, type TestServer } from "./server";
import { startInProcess, type InProcessServer } from "./in-process";

/** What the file's tests use; the fields are set once beforeAll ran. */
export interface FileServer<S extends TestServer = ProcessServer> {
  server: S;
  /** A login token of the admin. */
  admin: string;
}

/** Registers beforeAll/afterAll hooks that start a server with `start(opts)` and log the admin in. */
function perFile<S extends TestServer>(start: (o: StartOptions) => Promise<S>, opts: StartOptions): FileServer<S> {
  const ctx = {} as FileServer<S>;
  let started: Promise<S> | undefined;
  beforeAll(async () => {
    started = start(opts);
    ctx.server = await started;
    ctx.admin = await login(ctx.server);
  });
  // A start still under way when its hook timed out is stopped once it is done: a server in the test process
  // would otherwise outlive its file.
  afterAll(async () => (await started?.catch(() => undefined))?.stop());
  return ctx;
}

/** A server process (the binary, or the sources under Bun) for the file: for what only a process shows. */
export function serverPerFile(opts: StartOptions = {}): FileServer {
  return perFile(startServer, opts);
}

/** A server inside the test process (in-process.ts) for the file: HTTP as the binary answers it, and a movable clock. */
export function serverInProcess(opts: StartOptions = {}): FileServer<InProcessServer> {
  return perFile(startInProcess, opts);
}
