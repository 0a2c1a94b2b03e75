/** @module Runs the server: builds deps, first-run admin, Bun.serve, the `listening on` line, clean shutdown. */
import { mkdirSync, realpathSync } from "node:fs";
import type { Config } from "./config/flags";
import { serveErrorResponse } from "./errors";
import { openDatabase } from "./db/open";
import { createLogger } from "./logger";
import { buildInfo } from "./build-info";
import { getSigningSecret } from "./settings/settings-service";
import { ensureFirstAdmin } from "./users/user-service";
import { createApp } from "./app";
import { ACTIVE_TEMP_FILES, removeActiveTempFiles } from "./fs/upload";
import { TempSweeper } from "./fs/temp-sweep";
import type { Deps } from "./deps";
import { startMaintenance } from "./maintenance";
import { websocket } from "./routes/request/websocket";
import { videoEncoder } from "./media/video-encoder";
import { startTaskService } from "../tasks/service";
import { HlsService } from "./hls/hls-service";
import { hlsOptionsOf } from "./hls/hls-options";
import { killOrphanEncoders } from "./hls/orphan-encoders";
import { openFileIndex, startFileIndex } from "./search/index-boot";
import { TusStore, tusStoreOptions } from "./tus/tus-store";
import { TransferThreads, transferThreadOptions } from "./transfer-threads/transfer-threads";
import { watchListener } from "./http/fd-release";
import { configureListing } from "./listing/listing-cache/server-listing-cache";
import { setVipsCacheHome } from "./media/preload-vips";

/**
 * Starts serving with `config` and resolves once listening. Prints `listening on http://ADDR:PORT` first,
 * then the first-run admin credentials when they were just created. Stops on SIGINT/SIGTERM: running tasks
 * are cancelled, partial uploads are removed and the database is closed.
 */
export async function serve(config: Readonly<Config>): Promise<void> {
  const bootMs = Date.now();
  mkdirSync(config.root, { recursive: true });
  mkdirSync(config.cacheDir, { recursive: true });
  const log = createLogger(config.log);
  // The listing cache, its threads and the libc calls through bun:ffi follow the Config before the first read.
  configureListing(config);
  setVipsCacheHome(config.xdgCacheHome);
  const db = openDatabase(config.database);
  const rootReal = realpathSync(config.root);
  // Fails the tasks this node left doing before a restart, then starts the workers.
  const tasks = startTaskService({ db, rootReal, cacheDir: config.cacheDir, log });
  const hls = new HlsService(hlsOptionsOf(config), config.cacheDir, log.error);
  // Encoders a killed server left running would write into this cache forever.
  const orphans = killOrphanEncoders(config.cacheDir);
  if (orphans > 0) log.info(`stopped ${orphans} HLS encoders left by a previous server`);
  // Incomplete resumable uploads survive a restart; the expired ones are removed now and by a timer.
  const tus = new TusStore(tusStoreOptions(config, config.cacheDir, db));
  await tus.load();
  const stopTusSweeper = tus.startSweeper((err) => log.error(`tus sweep: ${String(err)}`));
  // Temp files a killed server left: the index walks report them (the start walk covers the whole root).
  const temps = new TempSweeper({ maxAgeMs: config.tempMaxAgeMs, bootMs, inUse: (abs) => ACTIVE_TEMP_FILES.has(abs) || tus.holds(abs) });
  const stopTempSweeper = temps.startSweeper((err) => log.error(`temp sweep: ${String(err)}`));
  const index = openFileIndex(db, config.database, rootReal, log, config.indexWatchMax, (abs) => temps.found(abs));
  const deps: Deps = { config, db, secret: getSigningSecret(db), log, build: buildInfo(), rootReal, tasks, hls, index, tus };
  const admin = await ensureFirstAdmin(db, config.username, config.password);
  const stopMaintenance = startMaintenance(db);

  const app = createApp(deps);
  const threads = new TransferThreads(transferThreadOptions(config), { config, secret: deps.secret, rootReal, log, app, websocket: websocket as never });

  // Handlers go in before the `listening` line: a supervisor may signal as soon as it reads it.
  let stopping = false;
  let server: ReturnType<typeof Bun.serve> | undefined;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, shutting down`);
    // CONTRACT: background tasks are cancelled (process groups killed, partial outputs removed) before the
    // database closes.
    await tasks.stop();
    await threads.stop();
    // No HLS encoder (ffmpeg in its own process group) outlives the server.
    await hls.stop();
    await server?.stop(true);
    await removeActiveTempFiles();
    stopMaintenance();
    stopTusSweeper();
    stopTempSweeper();
    index.close();
    db.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  // About's encoder probe runs a few short ffmpeg encodes: start it now so no page waits for it.
  void videoEncoder();
  // With SO_REUSEPORT a second server on a taken port would bind too instead of failing: check first.
  if (config.port !== 0) assertPortFree(config.address, config.port);
  server = Bun.serve({
    hostname: config.address,
    port: config.port,
    reusePort: threads.enabled,
    development: false,
    // No idle timeout: a paused download or a slow upload must never be cut. Bun 1.4.5 cuts a streaming
    // response after idleTimeout even when server.timeout(req, 0) was called for it (measured: 4 s limit,
    // 7 s pause -> 4 MB of 200 MB delivered), so the per-request switch is not enough.
    idleTimeout: 0,
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
    fetch: (req, srv) => {
      threads.noteRequest(req);
      return app.fetch(req, srv);
    },
    error: (err) => {
      const answer = serveErrorResponse(err);
      if (answer.status >= 500) log.error(`after the answer: ${String(err)}`);
      return answer;
    },
    websocket,
  });
  // Descriptors of files answered here close once the listeners are quiet (http/fd-release.ts).
  watchListener(server);
  threads.listening(server.port!);
  const host = config.address.includes(":") ? `[${config.address}]` : config.address;
  // CONTRACT: the first line printed on success.
  console.log(`listening on http://${host}:${server.port}`);
  if (admin.created && admin.generated) {
    console.log(`first run: created admin user "${admin.username}" with password: ${admin.password}`);
  } else if (admin.created) {
    console.log(`first run: created admin user "${admin.username}" with the password given by --password`);
  }
  const indexed = startFileIndex(index, log);
  // Start-up code (module bodies, migrations, the first walk) never runs again: once the walk and the encoder
  // probe are done, drop its compiled code and garbage and give the freed pages back (JSC's shrinkFootprintWhenIdle).
  void Promise.all([indexed, videoEncoder()]).then(() => Bun.shrink(), () => {});
}

/**
 * Throws Bun.serve's own "in use" error when `port` is taken, by binding it once without SO_REUSEPORT. Bun
 * 1.4.5 sets SO_REUSEPORT whenever `development: false` is passed (seen with strace), so the main listener
 * would share a taken port silently even without transfer threads; this probe passes neither option.
 */
function assertPortFree(hostname: string, port: number): void {
  Bun.serve({ hostname, port, reusePort: false, fetch: () => new Response(null) }).stop(true);
}
