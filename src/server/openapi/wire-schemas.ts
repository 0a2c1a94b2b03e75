/**
 * @module The component schemas of the HTTP API document, one per wire shape of src/shared/wire (and the few answer
 * shapes the server still types itself). Each object schema is checked against its type by the compiler (json-schema.ts),
 * and enums and ranges come from the wire module's own constants, so the document follows the types.
 */
import type { Resource, FileType } from "../../shared/wire/resource";
import type { Account, Permissions, Rule, Sorting, UserDefaults } from "../../shared/wire/user";
import { SORT_KEYS, THEMES } from "../../shared/wire/user";
import type { ShareAccess, ShareLink, ShareOptions } from "../../shared/wire/share";
import { SHARE_DOWNLOAD_RATE_MAX, SHARE_DOWNLOAD_RATE_MIN } from "../../shared/wire/share";
import type { SessionInfo } from "../../shared/wire/session";
import type { FailedLog } from "../../shared/wire/failed-log";
import type { SearchIndexStatus, SearchIndexWatch } from "../../shared/wire/search-index";
import type { TaskMessage } from "../../shared/wire/task";
import { TASK_CONTROLS, TASK_KINDS, TASK_MSG, TASK_STATUS } from "../../shared/wire/task";
import type { FolderUsage } from "../fs/folder-usage";
import type { OpProgress } from "../fs/op-progress";
import type { HotKeyword, SearchHit } from "../../shared/wire/search";
import type { MediaGrant } from "../../shared/wire/media-grant";
import type { RestoreRequest, RestoreResult, TrashItem, TrashList } from "../../shared/wire/trash";
import { RESTORE_CONFLICTS } from "../../shared/wire/trash";
import type { FileVersion, VersionList } from "../../shared/wire/versions";
import type { ActivityEntry, ActivityPage } from "../../shared/wire/activity";
import { ACTIVITY_ACTIONS, ACTIVITY_VIAS } from "../../shared/wire/activity";
import { arr, bool, int, mapOf, object, oneOfValues, opt, orNull, ref, str, type JsonSchema } from "./json-schema";
import { metainfoSchemas } from "./metainfo-schemas";
import { settingsSchemas } from "./settings-schemas";

/** The file types a resource's `type` names (FileType; "" for folders). */
const FILE_TYPES: readonly (FileType | "")[] = [
  "video",
  "audio",
  "image",
  "text",
  "textImmutable",
  "document",
  "archive",
  "font",
  "blob",
  "",
];

/** What a share visitor's GET /api/public/share/{hash} adds to the item. */
interface PublicShareFields {
  hash: string;
  uploadOnly: boolean;
}

const sorting = object<Sorting>({ by: oneOfValues(SORT_KEYS), asc: bool() }, "A user's listing order.");

const permissions = object<Permissions>(
  {
    admin: bool(),
    execute: bool(),
    create: bool(),
    rename: bool(),
    modify: bool(),
    delete: bool(),
    share: bool(),
    download: bool(),
    publish: bool("Stored; governs nothing yet."),
  },
  "Permission flags; admins hold every permission.",
);

const rule = object<Rule>(
  {
    allow: bool(),
    path: str("Path prefix in the user's scope, when regex is false."),
    regex: bool(),
    regexp: object<Rule["regexp"]>({ raw: str("The regular expression (RE2 syntax), when regex is true.") }),
  },
  "An allow or deny rule over the user's paths.",
);

const resource = object<Resource>(
  {
    name: str(),
    path: str("Path in the user's scope; a folder's ends with \"/\"."),
    url: str(),
    size: int("Bytes; a listed folder's total below it when sizeKnown is true."),
    sizeKnown: opt(bool("Folders of a listing: true when size is the total of everything below the folder.")),
    modified: str("RFC 3339 time."),
    mode: int("Permission bits plus Go os.FileMode's directory (1 << 31) and symlink (1 << 27) bits."),
    modeStr: str("`ls -l` style, e.g. drwxr-xr-x."),
    isDir: bool(),
    isSymlink: bool(),
    type: oneOfValues(FILE_TYPES as string[], 'The file type; "" for folders.'),
    extension: str('With the dot, e.g. .mp4; "" when none.'),
    content: opt(str("A text file's text (files under 5 MiB).")),
    items: opt(arr(ref("Resource"), "A folder's entries.")),
    numDirs: opt(int()),
    numFiles: opt(int()),
    sorting: opt(ref("Sorting")),
  },
  "A file or folder; a folder carries its items, counts and the user's sorting.",
);

const account = object<Account>(
  {
    id: int(),
    username: str(),
    scope: str('Folder under the files root, starting with "/".'),
    locale: str(),
    viewMode: oneOfValues(["list", "mosaic"]),
    singleClick: bool(),
    showHidden: bool(),
    sorting: ref("Sorting"),
    perm: ref("Permissions"),
    commands: arr(str()),
    rules: arr(ref("Rule")),
    lockPassword: bool(),
    theme: oneOfValues(THEMES),
    otp: bool("Whether two-factor login is on."),
    otpKey: opt(str("The base32 OTP secret: only in the owner's own view while OTP is off.")),
  },
  "A user account as the users API answers it (never a password hash).",
);

const userDefaults = object<UserDefaults>(
  {
    scope: str(),
    locale: str(),
    viewMode: oneOfValues(["list", "mosaic"]),
    singleClick: bool(),
    showHidden: bool(),
    sorting: ref("Sorting"),
    perm: ref("Permissions"),
    commands: arr(str()),
    rules: arr(ref("Rule")),
    theme: oneOfValues(THEMES),
  },
  "The settings copied into every new user.",
);

const trashItem = object<TrashItem>(
  {
    id: str("What restore and delete forever name."),
    name: str(),
    path: str("Where it was, in the caller's scope."),
    dir: str('The folder it was in, in the caller\'s scope; ends with "/".'),
    isDir: bool(),
    size: int("Bytes of the file or of every file in the folder; -1 while a folder is measured."),
    deletedAt: str("ISO 8601."),
    deletedBy: opt(str('Who deleted it (admins\' lists only; "" when that user is gone).')),
  },
  "A deleted item in the trash.",
);

const shareLink = object<ShareLink>(
  {
    hash: str(),
    path: str("Shared path in the owner's scope; a folder's ends with \"/\"."),
    outOfScope: opt(bool()),
    expire: int("Unix seconds; 0 for a permanent link."),
    userId: int(),
    username: opt(str("The owner (admin list).")),
    hasPassword: bool(),
    uploadOnly: bool(),
    downloadLimit: int("0: no limit."),
    downloads: int(),
    downloadRate: int("Bytes per second; 0: unlimited."),
  },
  "A share link.",
);

const shareOptions = object<ShareOptions>(
  {
    password: opt(str('A password visitors must give first; "": none.')),
    uploadOnly: opt(bool("Folders only: visitors may upload and see nothing else.")),
    downloadLimit: opt(int("Stop after this many downloads; 0: no limit.")),
    downloadRate: opt(
      int(`Bytes per second; 0: unlimited, else ${SHARE_DOWNLOAD_RATE_MIN} to ${SHARE_DOWNLOAD_RATE_MAX}.`),
    ),
  },
  "Options of a new share link.",
);

const sessionInfo = object<SessionInfo>(
  {
    id: str("A public handle of the session (not its secret)."),
    createdAt: int("Unix seconds."),
    lastUsedAt: int("Unix seconds."),
    expiresAt: int("Unix seconds."),
    ip: str(),
    userAgent: str(),
    current: bool("The session of the request that asked."),
  },
  "One login session.",
);

const failedLog = object<FailedLog>(
  {
    ip: str(),
    loginAt: str("RFC 3339 time."),
    failedAttemptsCount: int(),
    bannedAt: orNull(str("RFC 3339 time.")),
    banned: bool(),
    lastUsername: str(),
    lastPasswd: str("Always empty: nothing of a tried password is kept."),
  },
  "Failed logins of one client IP.",
);

const indexWatch = object<SearchIndexWatch>(
  {
    live: bool(),
    folders: int(),
    limit: int(),
    short: bool(),
    intervalMinutes: int(),
  },
  "The index's folder watches.",
);

const indexStatus = object<SearchIndexStatus>(
  {
    entries: int(),
    builtAt: orNull(int("ms since the epoch.")),
    building: bool(),
    state: oneOfValues(["building", "ready", "absent"]),
    watch: orNull(ref("SearchIndexWatch")),
  },
  "The file index status.",
);

const statusCodes = Object.values(TASK_STATUS);
const taskMessage = object<TaskMessage>(
  {
    TaskID: int(),
    Task: oneOfValues(TASK_KINDS),
    Status: oneOfValues(statusCodes, "0 pending, 1 doing, 2 wait-cancel, 3 cancelled, 4 done, 5 failed."),
    MsgType: oneOfValues(Object.values(TASK_MSG), "0: add or replace the task; 1: remove it."),
    TargetPath: str(),
    Params: mapOf({}, "The kind's parameters (secrets blanked)."),
    Message: str("Progress, result or failure reason."),
    AddTime: int("Unix seconds."),
    StartTime: int("Unix seconds; 0: not yet."),
    EndTime: int("Unix seconds; 0: not yet."),
    Username: opt(str("The owner, for admins.")),
  },
  "A task, as the task connection pushes it on every change.",
);

const taskRequest: JsonSchema = {
  type: "object",
  description: "A message sent on the task connection: a new task of a kind, or a control of a task by TaskID.",
  properties: {
    Task: oneOfValues([...TASK_KINDS, ...TASK_CONTROLS]),
    TargetPath: str("The target in the user's scope (new tasks)."),
    Params: mapOf({}, "The kind's parameters (missing ones take their defaults), or {TaskID} for a control."),
  },
  required: ["Task", "Params"],
};

const commandMessage: JsonSchema = {
  type: "object",
  description: "One message of the command runner: start, stdout, stderr, refused or end.",
  properties: {
    type: oneOfValues(["start", "stdout", "stderr", "refused", "end"]),
    line: str(),
    code: str("Why a line was refused."),
    detail: str(),
    message: str(),
    reason: oneOfValues(["exit", "timeout", "missing", "overflow"]),
    exitCode: orNull(int()),
  },
  required: ["type"],
};

/** Every component schema of the document, by name. */
export const COMPONENT_SCHEMAS: Record<string, JsonSchema> = {
  Resource: resource,
  Sorting: sorting,
  Permissions: permissions,
  Rule: rule,
  Account: account,
  UserDefaults: userDefaults,
  ShareLink: shareLink,
  TrashItem: trashItem,
  TrashList: object<TrashList>(
    { items: arr(ref("TrashItem")), retentionDays: int("Days an entry is kept before it is purged.") },
    "The caller's trash, newest first.",
  ),
  RestoreRequest: object<RestoreRequest>(
    {
      destination: opt(str("The folder to restore into, in the caller's scope; absent: where it was.")),
      conflict: opt(oneOfValues(RESTORE_CONFLICTS)),
    },
    "Where a restore puts the item, and what it does when the name is taken (absent: fail, 409).",
  ),
  FileVersion: object<FileVersion>(
    {
      id: str("What download and restore name."),
      size: int(),
      modified: str("When that content was last written (ISO 8601)."),
      replacedAt: str("When a write replaced it (ISO 8601)."),
      replacedBy: str('Whose write replaced it ("" when unknown or gone).'),
    },
    "An earlier content of a file.",
  ),
  VersionList: object<VersionList>({ items: arr(ref("FileVersion")) }, "A file's earlier contents, newest first."),
  ActivityEntry: object<ActivityEntry>(
    {
      id: int("Increasing; the `before` of the next page."),
      at: str("ISO 8601."),
      user: str('The user\'s name; "" for the server itself or a visitor.'),
      share: opt(str("The share link's hash, for a visitor's change.")),
      ip: str(),
      via: oneOfValues(ACTIVITY_VIAS),
      action: oneOfValues(ACTIVITY_ACTIONS),
      path: opt(str("The item, in the caller's scope.")),
      to: opt(str("A move's or copy's destination, in the caller's scope.")),
      bytes: opt(int("Bytes written, when known.")),
      result: str('"ok", or the error answered.'),
    },
    "One entry of the activity log.",
  ),
  ActivityPage: object<ActivityPage>(
    { items: arr(ref("ActivityEntry")), next: opt(int("The `before` of the next page; absent at the end.")) },
    "One page of the activity log, newest first.",
  ),
  RestoreResult: object<RestoreResult>({ path: str("Where the item is now, in the caller's scope.") }),
  ShareOptions: shareOptions,
  ShareAccess: object<ShareAccess>(
    { token: str("Send as X-Share-Token or ?token=."), expires: int("Unix seconds.") },
    "Access to a password link.",
  ),
  PublicShare: {
    allOf: [ref("Resource"), object<PublicShareFields>({ hash: str(), uploadOnly: bool() })],
    description: "A shared item as its visitors see it; paths are relative to the shared folder.",
  },
  UploadOnlyShare: object<{ name: string; isDir: boolean; path: string; uploadOnly: boolean; hash: string }>(
    {
      name: str(),
      isDir: bool(),
      path: str(),
      uploadOnly: { const: true },
      hash: str(),
    },
    "An upload-only folder as its visitors see it: nothing of its contents.",
  ),
  SessionInfo: sessionInfo,
  FailedLog: failedLog,
  SearchIndexStatus: indexStatus,
  SearchIndexWatch: indexWatch,
  SearchHit: object<SearchHit>(
    { path: str('Relative to the searched folder, no leading "/".'), dir: bool() },
    "One search hit.",
  ),
  HotKeyword: object<HotKeyword>({ keyword: str(), hits: int() }, "A keyword of the user's search history."),
  FolderUsage: object<FolderUsage>(
    { size: int("Bytes of the files below."), numFiles: int(), numDirs: int() },
    "Size and counts below a folder, as the user sees it.",
  ),
  OperationProgress: object<OpProgress>(
    {
      action: oneOfValues(["copy", "move", "delete"]),
      totalItems: int(),
      totalBytes: int(),
      doneItems: int(),
      doneBytes: int(),
      done: bool(),
    },
    "Counts of a long copy, move or delete.",
  ),
  MediaGrant: object<MediaGrant>(
    { token: str("Send as ?auth= on reads under prefix."), prefix: str(), expires: int("Unix seconds.") },
    "A read-only media token.",
  ),
  TaskMessage: taskMessage,
  TaskRequest: taskRequest,
  TaskError: object<{ error: string }>({ error: str() }, "The answer to a refused task message; nothing changed."),
  CommandMessage: commandMessage,
  ...metainfoSchemas(),
  ...settingsSchemas(),
};
