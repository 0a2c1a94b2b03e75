/**
 * @module The servers of the test file a Playwright worker runs: started on first use, kept for the file's other
 * tests, stopped once the worker moves on to another file (or ends). Each worker has its own, so parallel workers
 * never share a server, its database or its temp folders.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, type StartOptions, type TestServer } from "../support/server";

/** How a file's server starts (flags, env, files root) and what the file puts on it before its first test. */
export interface FileServerOptions extends StartOptions {
  /**
   * Runs before the server starts, on a fresh files root of its own (removed when the server stops): for files that
   * must exist at start-up, e.g. for the first index walk.
   */
  seed?: (root: string) => unknown;
  /** Runs once, after the server started: writes the file's tree, creates its users, makes its media. */
  prepare?: (server: TestServer) => unknown;
}

/** One worker's servers, per options object of the file it runs now. */
export class FileServers {
  private file = "";
  private servers = new Map<FileServerOptions, Promise<TestServer>>();

  /**
   * The server that `options` describe for test file `file`: the one already started for it, or a fresh one (then
   * `options.prepare` ran on it). A new file first stops the previous file's servers.
   */
  async get(file: string, options: FileServerOptions): Promise<TestServer> {
    await this.enter(file);
    let server = this.servers.get(options);
    if (!server) {
      server = startPrepared(options);
      this.servers.set(options, server);
    }
    return server;
  }

  /** Stops the servers of the previous file when `file` is another one. */
  async enter(file: string): Promise<void> {
    if (file === this.file) return;
    this.file = file;
    await this.stop();
  }

  /** Stops every server started so far (a server that failed to start is skipped). */
  async stop(): Promise<void> {
    const started = [...this.servers.values()];
    this.servers.clear();
    await Promise.all(
      started.map((s) =>
        s.then(
          (server) => server.stop(),
          () => {},
        ),
      ),
    );
  }
}

async function startPrepared({ seed, prepare, ...options }: FileServerOptions): Promise<TestServer> {
  const server = seed ? await startSeeded(seed, options) : await startServer(options);
  try {
    await prepare?.(server);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}

/** Starts a server over a fresh files root that `seed` filled first; stopping the server removes the root too. */
async function startSeeded(seed: (root: string) => unknown, options: StartOptions): Promise<TestServer> {
  const root = mkdtempSync(join(tmpdir(), "fbe-seeded-"));
  try {
    await seed(root);
    const server = await startServer({ ...options, root });
    return {
      ...server,
      stop: async () => {
        await server.stop();
        rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(root, { recursive: true, force: true });
    throw err;
  }
}
