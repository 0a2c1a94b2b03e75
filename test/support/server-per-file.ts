/** @module One real server per API test file: started (and the admin logged in) before the file's tests, stopped after. */
import { afterAll, beforeAll } from "bun:test";
import { login, startServer, type StartOptions, type TestServer } from "./server";

/** What the file's tests use; the fields are set once beforeAll ran. */
export interface FileServer {
  server: TestServer;
  /** A login token of the admin. */
  admin: string;
}

/** Registers beforeAll/afterAll hooks that start a server with `opts` and log the admin in. */
export function serverPerFile(opts: StartOptions = {}): FileServer {
  const ctx = {} as FileServer;
  beforeAll(async () => {
    ctx.server = await startServer(opts);
    ctx.admin = await login(ctx.server);
  });
  afterAll(() => ctx.server?.stop());
  return ctx;
}
