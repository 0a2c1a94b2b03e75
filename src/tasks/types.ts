/**
 * @module Domain types of the task engine (docs/product.md "Task", "Task lifecycle"):
 * the stored task, the context a kind runs with, and the TaskKind contract each kind file exports.
 */
import type { TaskKindName, TaskStatusCode } from "../shared/wire/task";
import type { SettingsCore } from "../shared/wire/settings";

export type { TaskKindName, TaskStatusCode } from "../shared/wire/task";

/** A task as stored (camelCase; presenters/task.ts maps it to the wire fields). Times are Unix seconds, 0 = not yet. */
export interface TaskRecord {
  id: number;
  userId: number;
  kind: TaskKindName;
  /** Virtual path in the owner's scope; a folder ends with "/". */
  targetPath: string;
  /** The params after parseParams (defaults filled in). */
  params: Record<string, unknown>;
  status: TaskStatusCode;
  message: string;
  addTime: number;
  startTime: number;
  endTime: number;
}

/** A request refused before anything changed (bad params, a target the kind cannot take): the message is shown as is. */
export class TaskInputError extends Error {}

/** The item a task works on, resolved inside the owner's scope before the task is queued or run. */
export interface TaskTarget {
  /** Virtual path in the scope ("/a/b.mp4"; a folder without the trailing slash, "/" for the scope root). */
  path: string;
  /** Absolute path on disk. */
  abs: string;
  isDir: boolean;
  /** The product's file type of a file (fs/file-type.ts), "" for a folder. */
  type: string;
  /** Lower-case extension with the dot (".mp4"), "" for a folder. */
  extension: string;
}

/**
 * The owner's scope as a task sees it: every path a task reads or writes goes through here, so outputs never
 * leave the scope and never land where the owner's rules deny (docs/interfaces.md "Paths", docs/product.md "Roles and
 * permissions").
 */
export interface TaskScope {
  /** Absolute folder of the scope. */
  readonly root: string;
  /**
   * Absolute path of a virtual path ("/a/b"), checked like a request path.
   * @throws TaskInputError when it escapes the scope (`..`, symlinks out) or the owner's rules deny it.
   */
  resolve(virtualPath: string): string;
  /** The virtual path of an absolute path inside the scope, or null when it is outside (symlinks resolved). */
  virtualOf(abs: string): string | null;
  /** True when the owner's rules allow this virtual path. */
  allows(virtualPath: string): boolean;
}

/** What a kind gets while it runs. Kinds never touch the queue or the socket: the queue alone changes status. */
export interface TaskContext {
  /** Aborted on cancel and on shutdown: stop at once (tools/run-tool.ts kills the process group). */
  readonly signal: AbortSignal;
  readonly target: TaskTarget;
  readonly scope: TaskScope;
  /** Directory for temporary files of this run (inside the cache dir); removed by the engine afterwards. */
  readonly tempDir: string;
  /** The global settings as the run started (the unarchive ratio limit, ...). */
  readonly settings: Readonly<SettingsCore>;
  /** Progress while doing, e.g. "42%" or "42% clip.mp4"; the engine throttles the pushes. */
  report(message: string): void;
  /**
   * Records an output path the kind is about to create, so the engine removes it when the run is cancelled or
   * fails (a finished output is kept). Call it before the tool starts writing.
   */
  trackOutput(abs: string): void;
}

/** One kind of background work: one file in src/tasks/kinds/ exports one of these. */
export interface TaskKind<P = Record<string, unknown>> {
  readonly type: TaskKindName;
  /**
   * Validates and completes the client's Params (missing ones take TASK_DEFAULTS), before anything is queued.
   * @throws TaskInputError with a short message for a missing, wrong-typed or out-of-range param.
   */
  parseParams(raw: unknown): P;
  /**
   * Refuses a target this kind cannot work on, before anything is queued (docs/product.md "Task targets", "Task
   * refusals").
   * @throws TaskInputError with the message of docs/product.md "Task refusals".
   */
  checkTarget(target: TaskTarget): void;
  /** The tools this kind needs (e.g. ["mktorrent"]); a missing one fails the task with a message naming it. */
  readonly tools: readonly string[];
  /**
   * Does the work. Resolves with the message shown when done (e.g. the output's virtual path).
   * @throws any error to fail the task (its message is shown); ToolAborted when cancelled.
   */
  run(ctx: TaskContext, params: P): Promise<string>;
}
