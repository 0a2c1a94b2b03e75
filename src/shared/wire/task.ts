/**
 * @module Wire shapes of the task connection (docs/product.md "Task", "Task params", "Sockets"; docs/interfaces.md
 * "Task WebSocket"): the task object the server pushes, the messages the client sends, each kind's params with their
 * defaults and limits (docs/product.md "Make torrent", "Make thumbnail", "Extract subtitle", "Unarchive", "Task
 * defaults"). Types and constants only; both the server and the UI read them.
 */

/** docs/product.md "Task": 0 pending, 1 doing, 2 wait-cancel, 3 cancelled, 4 done, 5 failed. */
export const TASK_STATUS = { pending: 0, doing: 1, waitCancel: 2, cancelled: 3, done: 4, failed: 5 } as const;
export type TaskStatusCode = (typeof TASK_STATUS)[keyof typeof TASK_STATUS];

/** docs/product.md "Task": MsgType 0 adds or replaces the task in the client's list, 1 removes it. */
export const TASK_MSG = { task: 0, remove: 1 } as const;

/** The four kinds of work (docs/product.md "Task params"). */
export const TASK_KINDS = ["mktorrent", "mkthumb", "extract_sub", "unarchive"] as const;
export type TaskKindName = (typeof TASK_KINDS)[number];

/** The three control messages, each with Params.TaskID (docs/product.md "Sockets"; retry is ours). */
export const TASK_CONTROLS = ["remove", "cancel", "retry"] as const;
export type TaskControlName = (typeof TASK_CONTROLS)[number];

/** Params of mktorrent (docs/product.md "Task params"). */
export interface MkTorrentParams {
  announce: string;
  isPrivate: boolean;
  /** Piece length as a power of two: 18 (256 KiB) to 26 (64 MiB). */
  pieceLength: number;
  comment: string;
  source: string;
  /** Name inside the torrent; "" = the target's own name. */
  torrentName: string;
  /** Output path in the user's scope; "" = `<target>.torrent` beside the target (docs/interfaces.md "Task outputs"). */
  torrentOutput: string;
}

/** Params of mkthumb (docs/product.md "Task params"). */
export interface MkThumbParams {
  comment: string;
  /** Width of each frame in px; 0 = the video's own width. */
  width: number;
  /** Number of frames taken, evenly spread over the duration. */
  numcaps: number;
  /** Frames per row of the contact sheet (ignored with singleImages). */
  columns: number;
  imageFormat: "jpg" | "png";
  singleImages: boolean;
  overwrite: boolean;
}

/** Params of extract_sub (docs/product.md "Task params"). */
export interface ExtractSubParams {
  subFormat: "vtt" | "srt" | "ass";
  overwrite: boolean;
}

/** Params of unarchive (docs/product.md "Task params"). */
export interface UnarchiveParams {
  archivePasswd: string;
  /** Remove the archive and all its volumes after full success. */
  archiveRm: boolean;
  /** Output folder relative to the archive's folder: "." or a template such as "{{FileBasename}}.extracted". */
  archiveOutput: string;
  isMultiVolume: boolean;
  archiveOneTopLevel: boolean;
  archiveOverwrite: boolean;
  detectPwd: boolean;
  autoFixFilename: boolean;
}

/** Params of remove, cancel and retry. */
export interface TaskRefParams {
  TaskID: number;
}

/** The params of each kind. */
export interface TaskParamsByKind {
  mktorrent: MkTorrentParams;
  mkthumb: MkThumbParams;
  extract_sub: ExtractSubParams;
  unarchive: UnarchiveParams;
}

/** A message the client sends on `/api/task` (docs/product.md "Sockets"). */
export type TaskRequest =
  | { [K in TaskKindName]: { Task: K; TargetPath: string; Params: Partial<TaskParamsByKind[K]> } }[TaskKindName]
  | { Task: TaskControlName; TargetPath?: string; Params: TaskRefParams };

/** A task object pushed by the server on every change (docs/product.md "Task"; times are Unix seconds, 0 = not yet). */
export interface TaskMessage {
  TaskID: number;
  Task: TaskKindName;
  Status: TaskStatusCode;
  /** 0 task, 1 removed. */
  MsgType: number;
  /** Path in the owner's scope; a folder ends with "/". */
  TargetPath: string;
  Params: Record<string, unknown>;
  /** Progress while doing ("42%" or a short line), the result when done, the reason when failed. */
  Message: string;
  AddTime: number;
  StartTime: number;
  EndTime: number;
  /** The owner, shown to admins who see every user's tasks. */
  Username?: string;
}

/** What the server sends instead of a task when a client message is refused; nothing changed. */
export interface TaskErrorMessage {
  error: string;
}

/** docs/product.md "Make torrent", "Task defaults": piece length exponents 18 to 26, default 22 (4 MiB). */
export const TORRENT_PIECE_EXP = { min: 18, max: 26, default: 22 } as const;

/** docs/product.md "Make torrent": the announce default is a local placeholder. */
export const DEFAULT_TORRENT_ANNOUNCE = "http://localhost/announce";

/** docs/product.md "Make thumbnail", "Task defaults": width 512, numcaps quick choices 16, 20, 24, 32. */
export const THUMB_NUMCAPS_CHOICES = [16, 20, 24, 32] as const;

/** The unarchive output folder template named by docs/product.md "Unarchive". */
export const UNARCHIVE_OUTPUT_TEMPLATE = "{{FileBasename}}.extracted";

/**
 * Defaults of each kind's params (docs/product.md "Make torrent", "Make thumbnail", "Extract subtitle", "Unarchive",
 * "Task defaults"); a missing param takes its default.
 */
export const TASK_DEFAULTS: { readonly [K in TaskKindName]: Readonly<TaskParamsByKind[K]> } = {
  mktorrent: {
    announce: DEFAULT_TORRENT_ANNOUNCE,
    isPrivate: true,
    pieceLength: TORRENT_PIECE_EXP.default,
    comment: "",
    source: "",
    torrentName: "",
    torrentOutput: "",
  },
  mkthumb: {
    comment: "",
    width: 512,
    numcaps: 16,
    columns: 4,
    imageFormat: "jpg",
    singleImages: false,
    overwrite: false,
  },
  extract_sub: { subFormat: "vtt", overwrite: false },
  unarchive: {
    archivePasswd: "",
    archiveRm: false,
    archiveOutput: ".",
    isMultiVolume: false,
    archiveOneTopLevel: true,
    archiveOverwrite: false,
    detectPwd: true,
    autoFixFilename: true,
  },
};
