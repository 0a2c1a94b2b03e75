/**
 * @module Builds a server from a Config: the store, the services, the first admin, the app and (on listen())
 * Bun.serve; stop() takes it all down in order. serve.ts adds what belongs to the process (signals, the printed
 * lines, the exit); the API tests run the same function inside their own process.
 */
import { mkdirSync, realpathSync } from "node:fs";
import type { Config } from "./config/flags";
import { serveErrorResponse } from "./errors";
import { openDatabase } from "./db/open";
import { createLogger, type Logger } from "./logger";
import { buildInfo } from "./build-info";
import { getSigningSecret } from "./settings/settings-service";
import { ensureFirstAdmin } from "./users/user-service";
import { createApp } from "./app";
import { ACTIVE_TEMP_FILES, removeActiveTempFiles } from "./fs/upload";
import { TempSweeper } from "./fs/temp-sweep";
import { systemClock, type Clock, type Deps } from "./deps";
import { startMaintenance } from "./maintenance";
import { videoEncoder } from "./media/video-encoder";
import { websocket } from "./routes/request/websocket";
import { startTaskService } from "../tasks/service";
import { HlsService } from "./hls/hls-service";
import { hlsOptionsOf } from "./hls/hls-options";
import { killOrphanEncoders } from "./hls/orphan-encoders";
import { openFileIndex, startFileIndex } from "./search/index-boot";
import { TusStore, tusStoreOptions } from "./tus/tus-store";
import { TransferThreads, transferThreadOptions } from "./transfer-threads/transfer-threads";
import { unwatchListener, watchListener } from "./http/fd-release";
import { configureListing } from "./listing/listing-cache/server-listing-cache";
import { configurePasswords } from "./auth/password";
import { setVipsCacheHome } from "./media/preload-vips";
import { Trash } from "./fs/trash";
import { Versions } from "./fs/versions";
import { currentActor } from "./fs/actor";
import { setVersionKeeper } from "./fs/version-keeper";
import { startSweepTimer } from "./fs/sweep-timer";
import { ActivityLog } from "./activity/activity-log";
import { logTaskActivity } from "./activity/task-activity";
import { currentSettings } from "./settings/settings-service";

/** What boot() is given besides the Config. */
export interface BootOptions {
  /** Where the server's log lines go; a logger for `config.log` unless given. */
  log?: Logger;
  /** The clock of expiries and sweeps; the system clock unless given. */
  clock?: Clock;
}

/** A server built by boot(), not yet listening. */
export interface Booted {
  deps: Deps;
  /** The first-run admin: whether it was created now, and its password when it was generated. */
  admin: Awaited<ReturnType<typeof ensureFirstAdmin>>;
  /** Starts Bun.serve on `config.address`/`config.port` (port 0: any free one) and returns the listener. */
  listen(): ReturnType<typeof Bun.serve>;
  /** Starts the file index's first walk and refresh timer; resolves when the walk ended (never rejects). */
  startIndex(): Promise<void>;
  /** Cancels tasks, stops threads, encoders, the listener and the sweepers, removes partial uploads, closes the store. */
  stop(): Promise<void>;
}

/** Builds every service of a server from `config`; see the module comment. Throws what opening the store throws. */
export async function boot(config: Readonly<Config>, o: BootOptions = {}): Promise<Booted> {
  const clock = o.clock ?? systemClock;
  const bootMs = clock.now();
  mkdirSync(config.root, { recursive: true });
  mkdirSync(config.cacheDir, { recursive: true });
  const log = o.log ?? createLogger(config.log);
  // The listing cache, its threads and the libc calls through bun:ffi follow the Config before the first read.
  configureListing(config);
  configurePasswords(config);
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
  const tus = new TusStore({ ...tusStoreOptions(config, config.cacheDir, db), now: () => clock.now() });
  await tus.load();
  const stopTusSweeper = tus.startSweeper((err) => log.error(`tus sweep: ${String(err)}`));
  // Temp files a killed server left: the index walks report them (the start walk covers the whole root).
  const temps = new TempSweeper({
    maxAgeMs: config.tempMaxAgeMs,
    bootMs,
    inUse: (abs) => ACTIVE_TEMP_FILES.has(abs) || tus.holds(abs),
    now: () => clock.now(),
  });
  const stopTempSweeper = temps.startSweeper((err) => log.error(`temp sweep: ${String(err)}`));
  // Deleted items: what a killed server left half moved is settled before the first request.
  const activity = new ActivityLog({
    db,
    clock,
    retentionDays: () => currentSettings(db).activityRetentionDays,
    log: (line) => log.error(line),
  });
  const trash = new Trash({
    db,
    rootReal,
    clock,
    policy: () => {
      const s = currentSettings(db);
      return { retentionDays: s.trashRetentionDays, capPercent: s.trashCapPercent };
    },
    log: (line) => log.info(line),
    onPurge: (row) => activity.record({ userId: null, via: "system", action: "purge", path: row.path, result: "ok" }),
  });
  const recovered = trash.recover();
  if (recovered.finished + recovered.dropped + recovered.adopted > 0)
    log.info(
      `trash: ${recovered.finished} entries finished, ${recovered.dropped} dropped, ${recovered.adopted} adopted at start`,
    );
  const stopTrashPurger = trash.startPurger();
  const versions = new Versions({
    db,
    rootReal,
    clock,
    policy: () => {
      const s = currentSettings(db);
      return { keep: s.versionsKeep, days: s.versionsDays };
    },
    log: (line) => log.info(line),
    onLost: (path, reason) =>
      activity.record({
        userId: currentActor()?.userId ?? null,
        username: currentActor()?.username ?? "",
        via: "system",
        action: "version-lost",
        path,
        result: `no version kept: ${reason}`,
      }),
  });
  const lost = versions.recover();
  if (lost.dropped + lost.removed > 0)
    log.info(`versions: ${lost.dropped} rows without content dropped, ${lost.removed} contents without row removed`);
  setVersionKeeper(rootReal, versions);
  trash.countVersions(versions);
  // Versions past their days go within a minute of it (the sweep timer's longest wait).
  const unlogTasks = logTaskActivity(tasks, activity, db);
  const stopActivityPurger = startSweepTimer(
    Number.MAX_SAFE_INTEGER,
    async () => activity.purge(),
    (err) => log.error(`activity purge: ${String(err)}`),
  );
  const stopVersionPurger = startSweepTimer(
    Number.MAX_SAFE_INTEGER,
    () => versions.purge(),
    (err) => log.error(`versions purge: ${String(err)}`),
  );
  const index = openFileIndex(db, config.database, rootReal, log, config.indexWatchMax, (abs) => temps.found(abs));
  const deps: Deps = {
    config,
    db,
    secret: getSigningSecret(db),
    log,
    build: buildInfo(),
    rootReal,
    tasks,
    hls,
    index,
    tus,
    clock,
    trash,
    versions,
    activity,
  };
  const admin = await ensureFirstAdmin(db, config.username, config.password);
  const stopMaintenance = startMaintenance(db);

  const app = createApp(deps);
  const threads = new TransferThreads(transferThreadOptions(config), {
    config,
    secret: deps.secret,
    rootReal,
    log,
    app,
    websocket: websocket as never,
  });
  let server: ReturnType<typeof Bun.serve> | undefined;
  // About's encoder probe runs a few short ffmpeg encodes: start it now so no page waits for it.
  void videoEncoder();

  return {
    deps,
    admin,
    listen() {
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
      return server;
    },
    startIndex: () => startFileIndex(index, log),
    async stop() {
      // Background tasks are cancelled (process groups killed, partial outputs removed) before the database closes.
      await tasks.stop();
      await threads.stop();
      // No HLS encoder (ffmpeg in its own process group) outlives the server.
      await hls.stop();
      await server?.stop(true);
      if (server) unwatchListener(server);
      await removeActiveTempFiles();
      stopMaintenance();
      stopTusSweeper();
      stopTempSweeper();
      stopTrashPurger();
      stopVersionPurger();
      stopActivityPurger();
      unlogTasks();
      setVersionKeeper(rootReal, null);
      index.close();
      activity.close();
      db.close();
    },
  };
}
