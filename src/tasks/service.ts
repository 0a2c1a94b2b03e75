/**
 * @module The task service of one server: the queue (the state machine), this node's worker pool and the feed of
 * open connections, built once at boot (deps.ts) and stopped before the database closes (serve.ts).
 */
import type { Database } from "bun:sqlite";
import { getSettings } from "../server/settings/settings-service";
import { watchSessions } from "../server/auth/session-watch";
import { TaskQueue } from "./queue";
import { TaskPool, nodeIdOf } from "./pool";
import { TaskFeed } from "./task-feed";

/** The parts the routes and serve.ts use. */
export interface TaskService {
  queue: TaskQueue;
  pool: TaskPool;
  feed: TaskFeed;
  /** Cancels the running tasks, waits for them to end, stops the timers. */
  stop(): Promise<void>;
}

/**
 * Builds the service and starts it: rows this node left doing before a restart are failed ('interrupted by
 * restart'), then pending ones are claimed by up to taskWorkers workers (global setting, read at each claim).
 */
export function startTaskService(o: {
  db: Database;
  rootReal: string;
  cacheDir: string;
  log?: { error(msg: string): void };
}): TaskService {
  const queue = new TaskQueue(o.db);
  const feed = new TaskFeed(o.db, queue);
  const pool = new TaskPool({
    ...o,
    queue,
    workers: () => getSettings(o.db).taskWorkers,
    nodeId: nodeIdOf(o.cacheDir),
  });
  pool.start();
  const unwatch = watchSessions(o.db, () => feed.checkSessions(), { log: o.log });
  return {
    queue,
    pool,
    feed,
    async stop() {
      unwatch();
      await pool.stop();
    },
  };
}
