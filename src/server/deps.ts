/** @module Everything the app needs, built once at boot and passed to createApp. */
import type { Database } from "bun:sqlite";
import type { Config } from "./config/flags";
import type { Logger } from "./logger";
import type { BuildInfo } from "./build-info";
import type { TaskService } from "../tasks/service";
import type { HlsService } from "./hls/hls-service";
import type { FileIndex } from "./search/types";
import type { TusStore } from "./tus/tus-store";

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
}
