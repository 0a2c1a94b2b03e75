/**
 * @module The workers of one server node: up to `workers()` tasks at once (global setting taskWorkers), each
 * claimed atomically from the shared queue, so several nodes may share one database. A timer claims rows queued
 * elsewhere, beats for the running ones (and sees a cancel written by another node), and fails rows of dead nodes.
 * Cancel aborts the run's signal (tools/run-tool.ts kills the process group); stop() cancels every run and waits.
 */
import { rmSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { TASK_STATUS } from "../shared/wire/task";
import { heartbeatTasks } from "../server/db/tasks-table";
import { killToolGroupsUsing } from "../server/tools/orphans";
import type { TaskEvent, TaskQueue } from "./queue";
import { runTask, type RunTaskDeps } from "./run-task";

/** Background tasks: how often (ms) a node looks for pending rows (also those queued by other nodes) and beats. */
const TASK_POLL_INTERVAL_MS = 1000;
/** Background tasks: a doing row whose heartbeat is older than this (s) belongs to a dead node and is failed. */
const TASK_STALE_AFTER_S = 30;
/** Background tasks: on shutdown, how long (ms) running tasks get to end after their abort before the exit. */
const TASK_SHUTDOWN_WAIT_MS = 10_000;
/** The message of a task that was running when its server stopped without ending it. */
const TASK_INTERRUPTED_MESSAGE = "interrupted by restart";

/** What the pool needs. */
export interface PoolOptions extends RunTaskDeps {
  queue: TaskQueue;
  /** How many tasks this node runs at once, read before each claim (so a settings change applies at once). */
  workers: () => number;
  /** This node's id, stable across restarts of the same install (see nodeIdOf). */
  nodeId: string;
  log?: { error(msg: string): void };
}

interface Running {
  controller: AbortController;
  done: Promise<void>;
}

/**
 * The node id of an install: the host name and the cache dir, stable across restarts, so a restarted node knows
 * the rows it left doing; two nodes sharing a database run on different hosts or with different cache dirs.
 */
export function nodeIdOf(cacheDir: string): string {
  return `${hostname()}:${cacheDir}`;
}

/** The running workers of one node. */
export class TaskPool {
  private readonly running = new Map<number, Running>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private unsubscribe: (() => void) | undefined;
  private stopping = false;

  constructor(private readonly o: PoolOptions) {}

  /**
   * Fails what a previous run of this node left doing ('interrupted by restart'), removing its partial outputs
   * and temp folders, then starts claiming.
   */
  start(): void {
    // Temp folders of runs a crash interrupted; the cache dir is this node's own (nodeIdOf), nothing runs yet.
    rmSync(join(this.o.cacheDir, "tasks"), { recursive: true, force: true });
    this.sweep();
    this.unsubscribe = this.o.queue.subscribe((e) => this.onEvent(e));
    this.timer = setInterval(() => this.tick(), TASK_POLL_INTERVAL_MS);
    this.pump();
  }

  /** Ids of the tasks this node runs now. */
  runningIds(): number[] {
    return [...this.running.keys()];
  }

  /**
   * Stops claiming, aborts every running task and waits (up to TASK_SHUTDOWN_WAIT_MS) until each has ended in
   * cancelled with its partial outputs removed (docs/interfaces.md "Start and stop": on SIGTERM background tasks are
   * cancelled).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    this.unsubscribe?.();
    const all = [...this.running.values()];
    for (const r of all) r.controller.abort();
    const wait = new Promise<void>((r) => setTimeout(r, TASK_SHUTDOWN_WAIT_MS).unref());
    await Promise.race([Promise.allSettled(all.map((r) => r.done)), wait]);
  }

  private onEvent(e: TaskEvent): void {
    // A running task whose row was deleted (its owner was deleted): nothing would keep the result.
    if (e.type === "removed") return this.running.get(e.task.id)?.controller.abort();
    if (e.task.status === TASK_STATUS.pending) this.pump();
    if (e.task.status === TASK_STATUS.waitCancel) this.running.get(e.task.id)?.controller.abort();
  }

  /** Claims pending tasks while a worker is free. */
  private pump(): void {
    while (!this.stopping && this.running.size < this.o.workers()) {
      const task = this.o.queue.claim(this.o.nodeId);
      if (!task) return;
      const controller = new AbortController();
      const done = runTask(this.o, task, controller.signal)
        .catch((err) => this.o.log?.error(`task ${task.id}: ${(err as Error)?.stack ?? err}`))
        .finally(() => {
          this.running.delete(task.id);
          this.pump();
        });
      this.running.set(task.id, { controller, done });
    }
  }

  /**
   * Fails interrupted rows; their tools, orphaned by a crash, are killed and their partial outputs removed
   * (a dead node on another host keeps its processes: only its files can be removed here).
   */
  private sweep(): void {
    const staleBefore = Math.floor(Date.now() / 1000) - TASK_STALE_AFTER_S;
    const rows = this.o.queue.failInterrupted(this.o.nodeId, staleBefore, TASK_INTERRUPTED_MESSAGE, this.runningIds());
    const outputs = rows.flatMap((r) => r.outputs);
    if (outputs.length === 0) return;
    killToolGroupsUsing(outputs);
    for (const p of outputs) rmSync(p, { recursive: true, force: true });
  }

  private tick(): void {
    try {
      const ids = this.runningIds();
      const statuses = heartbeatTasks(this.o.db, this.o.nodeId, ids, Math.floor(Date.now() / 1000));
      // A cancel written by another node (wait-cancel) reaches the run here; so does a row that is gone (its
      // owner was deleted) or was failed by another node that thought this one dead: nothing would keep the result.
      for (const id of ids) if (statuses.get(id) !== TASK_STATUS.doing) this.running.get(id)?.controller.abort();
      this.sweep();
      this.pump();
    } catch (err) {
      this.o.log?.error(`task pool: ${(err as Error)?.message ?? err}`);
    }
  }
}
