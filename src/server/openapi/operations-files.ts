/**
 * @module The operation table of the file routes: resources, raw downloads, media, search, uploads (plain and tus),
 * operation progress and the two WebSockets (tasks, commands). Keyed by `METHOD pattern` as the app registers them,
 * without the base URL; a HEAD route answers as its GET without a body and needs no row (document.ts).
 */
import { arr, oneOfValues, ref, str } from "./json-schema";
import { ACTIVITY_ACTIONS } from "../../shared/wire/activity";
import { EXAMPLES } from "./examples";
import { flag, intParam, OK_TEXT, textParam, type OperationSpec, type ParamSpec } from "./operation-spec";
import { CHECKSUM_ALGORITHMS } from "../../shared/wire/checksum";
import { ARCHIVE_FORMATS } from "../archive/formats";

const FILE_TYPES_OUT = ["application/octet-stream", "*/*"];
const PROGRESS_HEADER: ParamSpec = {
  name: "X-Progress-Id",
  description: "8-64 letters, digits, - or _: names the operation for GET /api/progress/{id}.",
};
const TUS_HEADER: ParamSpec = { name: "Tus-Resumable", description: "1.0.0", required: true };
const RAW_QUERY: ParamSpec[] = [
  flag("inline", "Answer with Content-Disposition inline (to show in the browser)."),
  flag("thumb", "A small JPEG of a picture instead of the file."),
  intParam("w", "Width of the thumbnail in px."),
  {
    name: "algo",
    description: "Download a folder (or several files) as an archive of this format (tgz is tar.gz).",
    schema: str(),
    examples: ARCHIVE_FORMATS.map((f) => f.format),
  },
];
const MEDIA_DESCRIPTION = "Media answers take a read-only media token (GET /api/media-token/{path}) in `auth`.";

/** The rows of the file routes. */
export const FILE_OPERATIONS: Record<string, OperationSpec> = {
  "GET /api/resources/*": {
    id: "getResource",
    tag: "resources",
    access: "read",
    summary: "Read a file or list a folder",
    description:
      "A folder answers its listing (ETag, 304 on If-None-Match, br or gzip by Accept-Encoding); a text file under 5 MiB its `content`. The other queries answer their own shapes.",
    query: [
      flag("usage", "Answer `{size, numFiles, numDirs}` of everything below the folder, as the user sees it."),
      {
        name: "checksum",
        description: "Add `checksums: {<algorithm>: hex}` (needs the download permission).",
        schema: { enum: CHECKSUM_ALGORITHMS },
      },
      {
        name: "mediaInfo",
        description: "The file with mediainfo's text report in `content` (video or audio).",
        schema: { enum: ["yes"] },
      },
      {
        name: "probe",
        description: "The file with its metadata (video, audio, torrent, firmware, archive, picture).",
        schema: { enum: ["yes"] },
      },
      intParam("offset", "With probe=yes on an archive: index of the first entry of the page."),
      intParam("limit", "With probe=yes on an archive: entries in the page."),
      {
        name: "preview",
        description: "nfo: the text decoded from CP437; markdown: the file as a sandboxed HTML page.",
        schema: { enum: ["nfo", "markdown"] },
      },
      {
        name: "playlist",
        description: "The folder's (or the file's folder's) files of that type, in listing order.",
        schema: { enum: ["video", "audio"] },
      },
    ],
    headers: [{ name: "If-None-Match", description: "A folder's ETag: 304 when unchanged." }],
    responses: {
      200: {
        description: "The resource (or the answer of the query asked).",
        json: { anyOf: [ref("Resource"), ref("ProbedResource"), ref("FolderUsage"), arr(ref("Resource"))] },
        example: EXAMPLES.folder,
        media: ["text/html"],
      },
      304: { description: "The folder is unchanged since the ETag given." },
    },
    errors: [400, 401, 403, 404, 415, 503],
  },
  "POST /api/resources/*": {
    id: "uploadResource",
    tag: "resources",
    access: "login",
    summary: "Upload a file, or create a folder (path ending with /)",
    query: [
      {
        name: "override",
        description: "Replace an existing file (needs modify too); else 409.",
        schema: { enum: ["true", "false"] },
      },
    ],
    body: { media: "application/octet-stream", description: "The file's bytes (none for a folder)." },
    responses: { 200: OK_TEXT },
    errors: [400, 401, 403, 409, 413, 507],
  },
  "PUT /api/resources/*": {
    id: "saveResource",
    tag: "resources",
    access: "login",
    summary: "Save an existing file (the editor)",
    headers: [
      { name: "X-If-Modified-At", description: "The `modified` the editor loaded: 412 when the file changed since." },
    ],
    body: { media: "application/octet-stream", description: "The new content." },
    responses: { 200: { ...OK_TEXT, headers: { "X-Modified-At": "The file's new `modified`, for the next save." } } },
    errors: [400, 401, 403, 404, 412, 413],
  },
  "PATCH /api/resources/*": {
    id: "changeResource",
    tag: "resources",
    access: "login",
    summary: "Rename or move, copy, change the mode, password-rename or turn pictures upright",
    query: [
      {
        name: "action",
        description: "What to do; each needs its permission.",
        schema: { enum: ["rename", "copy", "chmod", "passwdrename", "imageProcess"] },
        required: true,
      },
      textParam("destination", "rename and copy: the new path, URL-encoded as in resource URLs."),
      flag("override", "rename and copy: replace what is at the destination."),
      flag("rename", "rename and copy: pick a free name `name (1).ext` instead."),
      textParam("mode", "chmod: 1-3 octal digits."),
      flag("recursive", "chmod and imageProcess: the whole tree."),
      textParam("password", "passwdrename: the password (empty renames back)."),
    ],
    headers: [PROGRESS_HEADER],
    responses: { 200: OK_TEXT },
    errors: [400, 401, 403, 404, 409],
  },
  "DELETE /api/resources/*": {
    id: "deleteResource",
    tag: "resources",
    access: "login",
    summary: "Delete a file or folder (into the trash unless the trash is turned off)",
    query: [flag("permanent", "Delete for good, skipping the trash (admins only).")],
    headers: [PROGRESS_HEADER],
    responses: {
      200: {
        ...OK_TEXT,
        headers: { "X-Trash-Id": "The trash entry the item went to (absent when deleted for good)." },
      },
    },
    errors: [401, 403, 404],
  },
  "GET /api/versions/*": {
    id: "listVersions",
    tag: "versions",
    access: "login",
    summary: "A file's earlier contents, newest first",
    responses: { 200: { description: "The versions.", json: ref("VersionList"), example: EXAMPLES.versions } },
    errors: [401, 403, 404],
  },
  "GET /api/version/:id": {
    id: "downloadVersion",
    tag: "versions",
    access: "login",
    summary: "One earlier content of a file (needs download)",
    pathParams: { id: "The version's id." },
    query: [flag("inline", "Answer inline instead of as an attachment.")],
    responses: { 200: { description: "The bytes, under the file's name.", media: ["*/*"] } },
    errors: [401, 403, 404],
  },
  "POST /api/version/:id/restore": {
    id: "restoreVersion",
    tag: "versions",
    access: "login",
    summary: "Write an earlier content back; what it replaces becomes a version (needs modify)",
    pathParams: { id: "The version's id." },
    responses: { 200: { description: "The file's path.", json: ref("RestoreResult"), example: EXAMPLES.restored } },
    errors: [401, 403, 404],
  },
  "GET /api/activity": {
    id: "listActivity",
    tag: "activity",
    access: "login",
    summary: "The activity log, newest first (an admin's: every entry; a user's: their scope's and their own)",
    query: [
      textParam("user", "Only this user's entries (a user name)."),
      { name: "action", description: "Only this action.", schema: oneOfValues(ACTIVITY_ACTIONS) },
      textParam("path", "Only entries about this file or folder and what is below it, in the caller's scope."),
      textParam("from", "From this time on (ISO 8601)."),
      textParam("to", "Up to this time (ISO 8601)."),
      intParam("before", "Only entries older than this id (the `next` of the page before)."),
      intParam("limit", "Entries in the page, 1 to 1000 (100 by default)."),
    ],
    responses: { 200: { description: "One page.", json: ref("ActivityPage"), example: EXAMPLES.activity } },
    errors: [400, 401],
  },
  "GET /api/activity.csv": {
    id: "exportActivity",
    tag: "activity",
    access: "login",
    summary: "Every matching entry as CSV (RFC 4180; admins), with the filters of listActivity",
    query: [
      textParam("user", "Only this user's entries (a user name)."),
      { name: "action", description: "Only this action.", schema: oneOfValues(ACTIVITY_ACTIONS) },
      textParam("path", "Only entries about this file or folder and what is below it."),
      textParam("from", "From this time on (ISO 8601)."),
      textParam("to", "Up to this time (ISO 8601)."),
    ],
    responses: {
      200: { description: "id, at, user, share, ip, via, action, path, to, bytes, result.", media: ["text/csv"] },
    },
    errors: [400, 401, 403],
  },
  "GET /api/trash": {
    id: "listTrash",
    tag: "trash",
    access: "login",
    summary: "The caller's trash (an admin's: everyone's), newest first",
    responses: { 200: { description: "The entries.", json: ref("TrashList"), example: EXAMPLES.trashList } },
    errors: [401],
  },
  "POST /api/trash/:id/restore": {
    id: "restoreTrash",
    tag: "trash",
    access: "login",
    summary: "Restore an entry where it was or into another folder (needs delete)",
    pathParams: { id: "The entry's id." },
    body: { json: ref("RestoreRequest") },
    responses: { 200: { description: "Where it is now.", json: ref("RestoreResult"), example: EXAMPLES.restored } },
    errors: [400, 401, 403, 404, 409],
  },
  "DELETE /api/trash/:id": {
    id: "deleteTrashEntry",
    tag: "trash",
    access: "login",
    summary: "Delete an entry forever (needs delete)",
    pathParams: { id: "The entry's id." },
    responses: { 200: OK_TEXT },
    errors: [401, 403, 404],
  },
  "DELETE /api/trash": {
    id: "emptyTrash",
    tag: "trash",
    access: "login",
    summary: "Delete every entry the caller sees forever (needs delete)",
    responses: {
      200: {
        description: "How many went.",
        json: { type: "object", properties: { removed: { type: "integer" } }, required: ["removed"] },
        example: EXAMPLES.removed,
      },
    },
    errors: [401, 403],
  },
  "GET /api/raw": {
    id: "downloadSelection",
    tag: "raw",
    access: "read",
    summary: "Download several files and folders as one archive",
    query: [textParam("files", "Comma-separated paths of the user's scope.", true), ...RAW_QUERY],
    responses: {
      200: { description: "The archive, streamed.", media: [...new Set(ARCHIVE_FORMATS.map((f) => f.contentType))] },
    },
    errors: [400, 401, 403, 404, 503],
  },
  "GET /api/raw/*": {
    id: "downloadRaw",
    tag: "raw",
    access: "read",
    summary: "Download a file (Range, validators), a thumbnail, a folder as an archive, or a subtitle as WebVTT",
    description: MEDIA_DESCRIPTION,
    query: [
      ...RAW_QUERY,
      flag("subtitle", "A subtitle file as WebVTT; `movie` names its video."),
      textParam("movie", "The video a subtitle belongs to."),
      intParam("si", "With /api/raw/vtt: the embedded text subtitle stream N (0-based) of `movie`."),
      textParam("lang", "Language of the track."),
      flag("extract", "With si: extract the stream."),
    ],
    headers: [
      { name: "Range", description: "bytes=start-end" },
      { name: "If-None-Match", description: "The file's ETag." },
    ],
    responses: {
      200: { description: "The bytes.", media: FILE_TYPES_OUT },
      206: { description: "The asked range.", media: FILE_TYPES_OUT },
      304: { description: "Unchanged." },
    },
    errors: [400, 401, 403, 404, 416, 503],
  },
  "GET /api/media-token/*": {
    id: "getMediaToken",
    tag: "auth",
    access: "login",
    summary: "A read-only media token for URLs under a path",
    responses: {
      200: { description: "The token, its prefix and expiry.", json: ref("MediaGrant"), example: EXAMPLES.grant },
    },
    errors: [401, 403, 404],
  },
  "GET /api/playlist/*": {
    id: "getPlaylist",
    tag: "media",
    access: "read",
    summary: "HLS of a video: master playlist, media playlist or segment",
    description: MEDIA_DESCRIPTION,
    query: [
      textParam("res", "Quality as height-mbps, e.g. 720-2."),
      intParam("seg", "Segment N of the quality (MPEG-TS)."),
      flag("master", "The master playlist of every offered quality."),
    ],
    responses: {
      200: {
        description: "A playlist or a segment.",
        media: ["application/vnd.apple.mpegurl", "video/mp2t"],
        headers: { "X-Quality": "The quality served." },
      },
    },
    errors: [400, 401, 403, 404, 503],
  },
  "GET /api/frame/*": {
    id: "getFrame",
    tag: "media",
    access: "read",
    summary: "A still of a video, its seek-thumbnails track or a sprite sheet",
    description: MEDIA_DESCRIPTION,
    query: [
      { name: "t", description: "Seconds; without it the poster (10 % of the duration).", schema: { type: "number" } },
      intParam("w", "Width in px."),
      { name: "thumbnails", description: "The WebVTT seek-thumbnails track.", schema: { enum: ["vtt"] } },
      intParam("sprite", "Sprite sheet N of the track."),
    ],
    responses: { 200: { description: "A JPEG, or the WebVTT track.", media: ["image/jpeg", "text/vtt"] } },
    errors: [400, 401, 403, 404, 503],
  },
  "GET /api/search/*": {
    id: "search",
    tag: "search",
    access: "login",
    summary: "Search names below a folder",
    description:
      "Hits ranked exact names first, then shorter paths. X-Search-Index tells ready, building or absent; X-Search-Partial: true when a live walk was cut short.",
    query: [
      textParam("query", 'Words, "quoted phrases", -excluded, type:image|video|audio|text|pdf, case:sensitive.', true),
      intParam("offset", "Hits to skip."),
      intParam("limit", "Most hits to answer."),
      flag("typed", "A search started by typing: its keyword is not recorded as a hot keyword."),
    ],
    responses: {
      200: {
        description: "The hits.",
        json: arr(ref("SearchHit")),
        example: EXAMPLES.hits,
        headers: { "X-Search-Index": "ready, building or absent." },
      },
    },
    errors: [400, 401, 403, 404],
  },
  "GET /api/search": {
    id: "searchScope",
    tag: "search",
    access: "login",
    summary: "Search names in the whole scope",
    query: [
      textParam("query", "As GET /api/search/{path}.", true),
      intParam("offset", "Hits to skip."),
      intParam("limit", "Most hits to answer."),
      flag("typed", "As GET /api/search/{path}."),
    ],
    responses: { 200: { description: "The hits.", json: arr(ref("SearchHit")), example: EXAMPLES.hits } },
    errors: [400, 401],
  },
  "GET /api/hot-search": {
    id: "listHotKeywords",
    tag: "search",
    access: "login",
    summary: "The user's most searched keywords",
    query: [intParam("num", "How many (1-100).")],
    responses: {
      200: { description: "Keywords with their counts.", json: arr(ref("HotKeyword")), example: EXAMPLES.keywords },
    },
    errors: [400, 401],
  },
  "POST /api/hot-search": {
    id: "recordHotKeyword",
    tag: "search",
    access: "login",
    summary: "Record a searched keyword",
    query: [textParam("keyword", "The keyword.")],
    responses: { 200: { description: "Recorded (empty body)." } },
    errors: [401],
  },
  "DELETE /api/hot-search": {
    id: "removeHotKeyword",
    tag: "search",
    access: "login",
    summary: "Remove a keyword from the admin's own list",
    query: [textParam("keyword", "The keyword.")],
    responses: { 200: { description: "Removed (empty body)." } },
    errors: [401, 403],
  },
  "GET /api/search-index": {
    id: "getSearchIndex",
    tag: "search",
    access: "login",
    summary: "The file index status (admins)",
    responses: { 200: { description: "The status.", json: ref("SearchIndexStatus"), example: EXAMPLES.indexStatus } },
    errors: [401, 403],
  },
  "POST /api/search-index/rebuild": {
    id: "rebuildSearchIndex",
    tag: "search",
    access: "login",
    summary: "Rebuild the file index in the background (admins)",
    responses: {
      202: {
        description: "Started; the status says building until done.",
        json: ref("SearchIndexStatus"),
        example: { ...EXAMPLES.indexStatus, building: true },
      },
    },
    errors: [401, 403, 409],
  },
  "GET /api/progress/:id": {
    id: "getOperationProgress",
    tag: "resources",
    access: "login",
    summary: "Counts of a long copy, move or delete started with X-Progress-Id",
    pathParams: { id: "The X-Progress-Id the operation was started with." },
    responses: { 200: { description: "The counts.", json: ref("OperationProgress"), example: EXAMPLES.progress } },
    errors: [401, 404],
  },
  "OPTIONS /api/tus/*": {
    id: "tusOptions",
    tag: "tus",
    access: "public",
    summary: "What the tus server speaks (version, extensions, largest size)",
    responses: { 204: { description: "Tus-Version, Tus-Extension and Tus-Max-Size headers." } },
  },
  "POST /api/tus/*": {
    id: "tusCreate",
    tag: "tus",
    access: "login",
    summary: "Start a resumable upload (with its first bytes when the body has them)",
    query: [flag("override", "Replace an existing file once complete (needs modify too).")],
    headers: [
      TUS_HEADER,
      { name: "Upload-Length", description: "Bytes of the whole file.", required: true },
      { name: "Upload-Metadata", description: "tus metadata (key base64 pairs)." },
    ],
    body: { media: "application/offset+octet-stream", description: "Optionally the first bytes." },
    responses: {
      201: {
        description: "Created.",
        headers: {
          Location: "The upload's URL.",
          "Upload-Offset": "Bytes received.",
          "Upload-Expires": "When an unfinished upload is dropped.",
        },
      },
    },
    errors: [400, 401, 403, 409, 412, 413, 429],
  },
  "GET /api/tus/*": {
    id: "tusStatus",
    tag: "tus",
    access: "login",
    summary: "Where an upload stands (tus clients send HEAD, answered by this route)",
    headers: [TUS_HEADER],
    responses: { 200: { description: "Upload-Offset and Upload-Length headers." } },
    errors: [401, 403, 404, 412],
  },
  "PATCH /api/tus/*": {
    id: "tusAppend",
    tag: "tus",
    access: "login",
    summary: "Append bytes at the upload's offset",
    headers: [
      TUS_HEADER,
      { name: "Upload-Offset", description: "Where these bytes go: the offset HEAD answered.", required: true },
    ],
    body: { media: "application/offset+octet-stream", description: "The next bytes." },
    responses: { 204: { description: "Stored; Upload-Offset says how far." } },
    errors: [400, 401, 403, 404, 409, 412, 413, 415],
  },
  "DELETE /api/tus/*": {
    id: "tusTerminate",
    tag: "tus",
    access: "login",
    summary: "Drop an unfinished upload",
    headers: [TUS_HEADER],
    responses: { 204: { description: "Dropped." } },
    errors: [401, 403, 404, 412],
  },
  "GET /api/task": {
    id: "taskConnection",
    tag: "tasks",
    access: "login",
    summary: "The task connection (WebSocket, needs execute)",
    description:
      "After the upgrade the server pushes the user's tasks (admins: all) and every change as TaskMessage; the client sends TaskRequest messages. A refused message is answered with TaskError.",
    headers: [{ name: "Upgrade", description: "websocket", required: true }],
    responses: { 101: { description: "Switched to the WebSocket protocol." } },
    errors: [401, 403],
    extensions: {
      "x-websocket": {
        server: { schema: { anyOf: [ref("TaskMessage"), ref("TaskError")] }, example: EXAMPLES.task },
        client: { schema: ref("TaskRequest"), example: EXAMPLES.taskRequest },
      },
    },
  },
  "GET /api/command/*": {
    id: "commandConnection",
    tag: "tasks",
    access: "login",
    summary: "The command runner in a folder (WebSocket, needs execute)",
    description:
      "The client sends one command line per text frame; the server answers CommandMessage objects. Past the user's connection limit the socket gets a refusal and closes with code 4029.",
    headers: [{ name: "Upgrade", description: "websocket", required: true }],
    responses: { 101: { description: "Switched to the WebSocket protocol." } },
    errors: [400, 401, 403, 404],
    extensions: {
      "x-websocket": {
        server: { schema: ref("CommandMessage"), example: EXAMPLES.commandMessage },
        client: { schema: str("One command line."), example: "ls -la" },
      },
    },
  },
};
