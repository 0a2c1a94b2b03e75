/** @module Everything the app needs, built once at boot and passed to createApp. */
import type { Database } from "bun:sqlite";
import type { Config } from "./config/flags";
import type { Logger } from "./logger";
import type { BuildInfo } from "./build-info";
import type { TaskService } from "../tasks/service";
import type { HlsService } from "./hls/hls-service";
import type { FileIndex } from "./search/types";
import type { TusStore } from "./tus/tus-store";
import type { Trash } from "./fs/trash";
import type { Versions } from "./fs/versions";
import type { ActivityLog } from "./activity/activity-log";

/** Where the server reads the time of expiries, sessions, rate-limit windows and sweeps from. */
export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
}

/** The system's clock (Date.now()). */
export const systemClock: Clock = { now: () => Date.now() };

/** Unix seconds (whole) of `clock`: the unit of token claims and of the store's times. */
export function nowSeconds(clock: Clock): number {
  return Math.floor(clock.now() / 1000);
}

export interface Deps {
  config: Readonly<Config>;
  db: Database;
  /** HS256 secret of this install. */
  secret: string;
  log: Logger;
  build: BuildInfo;
  /** Real path of the files root, resolved once at boot. */
  rootReal: string;
  /** Background tasks: the queue, this node's workers and the feed of task connections. */
  tasks: TaskService;
  /** On-demand HLS: probes, playlists and the encoder pool (stopped at shutdown). */
  hls: HlsService;
  /** The file-name index of the files root (search and folder sizes); absent until one is built, search then walks live. */
  index?: FileIndex | null;
  /** Incomplete resumable (tus) uploads, remembered across restarts and swept when expired. */
  tus: TusStore;
  /** The time of token expiry, sessions, rate-limit windows, share expiry and the tus and temp sweeps. */
  clock: Clock;
  /** Where deletes put items, and restore and the purge take them from (docs/ARCHITECTURE.md "Trash"). */
  trash: Trash;
  /** The earlier contents writes replaced, and their restore (docs/ARCHITECTURE.md "Versions"). */
  versions: Versions;
  /** The append-only log of changes, logins and tasks (docs/ARCHITECTURE.md "Activity log"). */
  activity: ActivityLog;
}
