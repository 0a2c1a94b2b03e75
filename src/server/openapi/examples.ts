/**
 * @module Example answers of the HTTP API document, each typed as its wire shape so the compiler keeps them true to
 * the types; a test checks each against its schema in the document as well.
 */
import type { Resource } from "../../shared/wire/resource";
import type { Account } from "../../shared/wire/user";
import type { ShareAccess, ShareLink } from "../../shared/wire/share";
import type { SessionInfo } from "../../shared/wire/session";
import type { FailedLog } from "../../shared/wire/failed-log";
import type { SearchIndexStatus } from "../../shared/wire/search-index";
import type { TaskMessage, TaskRequest } from "../../shared/wire/task";
import type { CommandServerMessage } from "../../shared/wire/command";
import type { VideoMetainfo } from "../../shared/wire/metainfo";
import { DEFAULT_SETTINGS, type GlobalSettings } from "../../shared/wire/settings";
import type { FolderUsage } from "../fs/folder-usage";
import type { OpProgress } from "../fs/op-progress";
import type { HotKeyword, SearchHit } from "../../shared/wire/search";
import type { MediaGrant } from "../../shared/wire/media-grant";

const file: Resource = {
  name: "notes.txt",
  path: "/docs/notes.txt",
  url: "/files/docs/notes.txt",
  size: 1200,
  modified: "2026-11-20T09:30:00.000Z",
  mode: 0o644,
  modeStr: "-rw-r--r--",
  isDir: false,
  isSymlink: false,
  type: "text",
  extension: ".txt",
};

const folder: Resource = {
  name: "docs",
  path: "/docs",
  url: "/files/docs",
  size: 4096,
  modified: "2026-11-21T10:00:00.000Z",
  mode: 2 ** 31 + 0o755,
  modeStr: "drwxr-xr-x",
  isDir: true,
  isSymlink: false,
  type: "",
  extension: "",
  items: [
    {
      ...file,
      name: "drafts",
      path: "/docs/drafts",
      url: "/files/docs/drafts",
      size: 52_000,
      sizeKnown: true,
      mode: 2 ** 31 + 0o755,
      modeStr: "drwxr-xr-x",
      isDir: true,
      type: "",
      extension: "",
    },
    file,
  ],
  numDirs: 1,
  numFiles: 1,
  sorting: { by: "name", asc: true },
};

const video: VideoMetainfo = {
  FormatName: "mov,mp4,m4a,3gp,3g2,mj2",
  FormatLongName: "QuickTime / MOV",
  Duration: 12.5,
  OverallBitRate: 2_100_000,
  ACodecName: "aac",
  ACodecLongName: "AAC (Advanced Audio Coding)",
  AProfile: "LC",
  ABitRate: 128_000,
  ASamplingRate: 48_000,
  AChannels: 2,
  AChannelLayout: "stereo",
  SubtitleEmbedded: [{ CodecName: "mov_text", Name: "", Lang: "eng" }],
  VCodecName: "h264",
  VCodecLongName: "H.264 / AVC / MPEG-4 AVC / MPEG-4 part 10",
  VProfile: "High",
  VBitRate: 1_950_000,
  VFrameRate: 25,
  VWidth: 1280,
  VHeight: 720,
  VDisplayAspectRatio: "16:9",
};

const account: Account = {
  id: 2,
  username: "alice",
  scope: "/users/alice",
  locale: "en",
  viewMode: "list",
  singleClick: false,
  showHidden: false,
  sorting: { by: "name", asc: true },
  perm: { ...DEFAULT_SETTINGS.defaults.perm },
  commands: [],
  rules: [],
  lockPassword: false,
  theme: "system",
  otp: false,
};

const link: ShareLink = {
  hash: "Xw3cK0fQ2b9aLmN7pRt5vA",
  path: "/docs/",
  expire: 0,
  userId: 2,
  hasPassword: false,
  uploadOnly: false,
  downloadLimit: 0,
  downloads: 3,
  downloadRate: 0,
};

const settings: GlobalSettings = { ...DEFAULT_SETTINGS, captcha: { ...DEFAULT_SETTINGS.captcha, secretSet: false } };

const session: SessionInfo = {
  id: "k3J9xQ",
  createdAt: 1_795_000_000,
  lastUsedAt: 1_795_003_600,
  expiresAt: 1_795_010_800,
  ip: "192.0.2.10",
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
  current: true,
};

const failedLog: FailedLog = {
  ip: "198.51.100.7",
  loginAt: "2026-11-20T08:00:00.000Z",
  failedAttemptsCount: 5,
  bannedAt: "2026-11-20T08:00:00.000Z",
  banned: true,
  lastUsername: "admin",
  lastPasswd: "",
};

const indexStatus: SearchIndexStatus = {
  entries: 48_210,
  builtAt: 1_795_000_000_000,
  building: false,
  state: "ready",
  watch: { live: true, folders: 3_120, limit: 120_000, short: false, intervalMinutes: 60 },
};

const task: TaskMessage = {
  TaskID: 7,
  Task: "mktorrent",
  Status: 1,
  MsgType: 0,
  TargetPath: "/media/holiday/",
  Params: { pieceLength: 22, isPrivate: true },
  Message: "42%",
  AddTime: 1_795_000_000,
  StartTime: 1_795_000_002,
  EndTime: 0,
};

const taskRequest: TaskRequest = { Task: "mktorrent", TargetPath: "/media/holiday/", Params: { isPrivate: true } };
const commandMessage: CommandServerMessage = { type: "end", reason: "exit", exitCode: 0 };
const hits: SearchHit[] = [
  { path: "notes.txt", dir: false },
  { path: "drafts", dir: true },
];
const keywords: HotKeyword[] = [
  { keyword: "invoice", hits: 12 },
  { keyword: "type:image", hits: 4 },
];
const usage: FolderUsage = { size: 1_048_576, numFiles: 120, numDirs: 8 };
const progress: OpProgress = {
  action: "copy",
  totalItems: 500,
  totalBytes: 2_000_000_000,
  doneItems: 120,
  doneBytes: 480_000_000,
  done: false,
};
const grant: MediaGrant = { token: "eyJhbGciOiJIUzI1NiJ9.e30.c2ln", prefix: "/media/", expires: 1_795_010_800 };
const access: ShareAccess = { token: "eyJhbGciOiJIUzI1NiJ9.e30.c2ln", expires: 1_795_003_600 };

/** The examples, by the name the operation table uses. */
export const EXAMPLES = {
  folder,
  account,
  accounts: [account],
  link,
  links: [link],
  settings,
  sessions: [session],
  failedLogs: [failedLog],
  indexStatus,
  task,
  taskRequest,
  commandMessage,
  hits,
  keywords,
  usage,
  progress,
  grant,
  access,
  publicFolder: {
    ...folder,
    path: "/",
    url: "/share/",
    items: [],
    numDirs: 0,
    numFiles: 0,
    hash: link.hash,
    uploadOnly: false,
  },
  health: { status: "OK" },
  ended: { ended: 2 },
  removed: { removed: 4 },
  trashList: {
    items: [
      {
        id: "4f1c2a9be07d4c11a3f5b6e8d9c0a1b2",
        name: "report.pdf",
        path: "/docs/report.pdf",
        dir: "/docs/",
        isDir: false,
        size: 48213,
        deletedAt: "2026-11-28T09:30:00.000Z",
        deletedBy: "admin",
      },
    ],
    retentionDays: 30,
  },
  restored: { path: "/docs/report (1).pdf" },
  activity: {
    items: [
      {
        id: 4182,
        at: "2026-11-28T09:30:00.000Z",
        user: "admin",
        ip: "192.0.2.10",
        via: "ui",
        action: "delete",
        path: "/docs/report.pdf",
        result: "ok",
      },
    ],
    next: 4182,
  },
  versions: {
    items: [
      {
        id: "9a0b1c2d3e4f5061728394a5b6c7d8e9",
        size: 1830,
        modified: "2026-11-27T16:02:11.000Z",
        replacedAt: "2026-11-28T09:12:40.000Z",
        replacedBy: "admin",
      },
    ],
  },
  probe: { metainfo: video, subtitles: [{ Name: "clip.en.srt", Path: "/clip.en.srt", Lang: "en" }] },
} as const;
