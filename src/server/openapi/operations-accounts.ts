/**
 * @module The operation table of the routes around the files: health, login and sessions, users, global settings,
 * failed logins, share links and what their visitors call, the embedded UI and this document. Keyed as in
 * operations-files.ts.
 */
import { arr, int, oneOfValues, ref, str, type JsonSchema } from "./json-schema";
import { EXAMPLES } from "./examples";
import { ENDED, flag, HEALTH, intParam, OK_TEXT, textParam, type OperationSpec } from "./operation-spec";
import { SHARE_EXPIRES_MAX, SHARE_UNITS } from "../../shared/wire/share";

const credentials: JsonSchema = {
  type: "object",
  properties: {
    username: str(),
    password: str(),
    otpPasscode: str("The 6-digit code when 2FA is on."),
    recaptcha: str("The captcha answer when the captcha is on."),
  },
  required: ["username", "password"],
};
const userChange: JsonSchema = {
  type: "object",
  description: '`data` holds the account fields; `which` names those to change ("all" for every one).',
  properties: {
    what: { const: "user" },
    which: arr(str()),
    data: { type: "object", properties: { password: str("Plain; stored hashed.") } },
  },
  required: ["data"],
};
const TOKEN_TEXT = {
  description: "The login token (a JWT), also set in the auth cookie.",
  text: "eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyIjp7fX0.c2ln",
};
const SHARE_TOKEN_NOTE =
  "A password link needs its token (POST /api/public/share/{hash}/token) as X-Share-Token or ?token=.";
const VISITOR_ERRORS = [400, 401, 404, 409];

/** The public previews of a share link: one row per name and form (with and without a path inside the share). */
function previewRows(): Record<string, OperationSpec> {
  const previews: Record<string, [string, string[]]> = {
    playlist: ["HLS of a shared video (as GET /api/playlist/{path})", ["application/vnd.apple.mpegurl", "video/mp2t"]],
    frame: ["A still or seek thumbnails of a shared video (as GET /api/frame/{path})", ["image/jpeg", "text/vtt"]],
    probe: ["A shared video's codecs and subtitle tracks", ["application/json"]],
    vtt: ["A shared subtitle file, or with si=N a video's embedded track, as WebVTT", ["text/vtt"]],
    markdown: ["A shared markdown file as a sandboxed HTML page", ["text/html"]],
  };
  const rows: Record<string, OperationSpec> = {};
  for (const [name, [summary, media]] of Object.entries(previews)) {
    for (const sub of [true, false]) {
      const id = `publicPreview${name[0]!.toUpperCase()}${name.slice(1)}${sub ? "InFolder" : ""}`;
      rows[`GET /api/public/${name}/:hash{[^/]+}${sub ? "/*" : ""}`] = {
        id,
        tag: "public",
        access: "share",
        summary: sub ? `${summary}, inside a shared folder` : summary,
        description: `${SHARE_TOKEN_NOTE} Upload-only and download-limited links answer none of these.`,
        responses: {
          200:
            name === "probe"
              ? {
                  description: "Codecs and tracks.",
                  json: {
                    type: "object",
                    properties: { metainfo: ref("VideoMetainfo"), subtitles: arr(ref("SidecarSubtitle")) },
                  },
                  example: EXAMPLES.probe,
                }
              : { description: summary, media },
        },
        errors: VISITOR_ERRORS,
      };
    }
  }
  return rows;
}

/** The rows of the routes around the files. */
export const ACCOUNT_OPERATIONS: Record<string, OperationSpec> = {
  "GET /health": {
    id: "health",
    tag: "server",
    access: "public",
    summary: "Liveness check (any Host)",
    responses: { 200: { description: "The server answers.", json: HEALTH, example: EXAMPLES.health } },
  },
  "GET /api/openapi.json": {
    id: "getOpenApiDocument",
    tag: "server",
    access: "public",
    summary: "This document",
    headers: [{ name: "If-None-Match", description: "The document's ETag." }],
    responses: {
      200: {
        description: "The OpenAPI 3.1 document of every route.",
        media: ["application/json"],
        headers: { ETag: "Changes with the server's routes." },
      },
      304: { description: "Unchanged." },
    },
  },
  "POST /api/login": {
    id: "login",
    tag: "auth",
    access: "public",
    summary: "Log in",
    body: { json: credentials, required: true },
    responses: { 200: TOKEN_TEXT },
    errors: [400, 403, 429],
  },
  "POST /api/renew": {
    id: "renewToken",
    tag: "auth",
    access: "login",
    summary: "A fresh token for the same session (when X-Renew-Token: true came back)",
    responses: { 200: TOKEN_TEXT },
    errors: [401],
  },
  "POST /api/logout": {
    id: "logout",
    tag: "auth",
    access: "login",
    summary: "End this session, or with others=true every other one",
    query: [flag("others", "End the user's other sessions and answer how many.")],
    responses: {
      200: {
        description: "`200 OK`, or `{ended}` with others=true.",
        text: "200 OK",
        json: ENDED,
        example: EXAMPLES.ended,
      },
    },
    errors: [401, 403],
  },
  "POST /api/signup": {
    id: "signup",
    tag: "auth",
    access: "public",
    summary: "Create an account (when signup is on)",
    body: { json: credentials, required: true },
    responses: { 200: OK_TEXT },
    errors: [400, 403, 409, 429],
  },
  "GET /api/users": {
    id: "listUsers",
    tag: "users",
    access: "login",
    summary: "Every user (admins)",
    responses: { 200: { description: "The accounts.", json: arr(ref("Account")), example: EXAMPLES.accounts } },
    errors: [401, 403],
  },
  "POST /api/users": {
    id: "createUser",
    tag: "users",
    access: "login",
    summary: "Create a user (admins)",
    body: { json: userChange, required: true },
    responses: {
      201: {
        description: "The new account.",
        json: ref("Account"),
        example: EXAMPLES.account,
        headers: { Location: "The account's URL." },
      },
    },
    errors: [400, 401, 403, 409],
  },
  "GET /api/users/:id": {
    id: "getUser",
    tag: "users",
    access: "login",
    summary: "One account (its owner or admins)",
    responses: { 200: { description: "The account.", json: ref("Account"), example: EXAMPLES.account } },
    errors: [401, 403, 404],
  },
  "PUT /api/users/:id": {
    id: "changeUser",
    tag: "users",
    access: "login",
    summary: "Change an account (its owner or admins)",
    body: { json: userChange, required: true },
    responses: { 200: { description: "The changed account.", json: ref("Account"), example: EXAMPLES.account } },
    errors: [400, 401, 403, 404, 409],
  },
  "DELETE /api/users/:id": {
    id: "deleteUser",
    tag: "users",
    access: "login",
    summary: "Delete a user and their tasks (admins)",
    responses: { 200: OK_TEXT },
    errors: [401, 403, 404],
  },
  "GET /api/users/otp-qrcode/:id": {
    id: "getOtpQrCode",
    tag: "users",
    access: "login",
    summary: "The QR code of the caller's 2FA key while 2FA is off",
    responses: { 200: { description: "A PNG.", media: ["image/png"] } },
    errors: [400, 401, 403, 404],
  },
  "POST /api/users/otp-qrcode/:id": {
    id: "makeOtpQrCode",
    tag: "users",
    access: "login",
    summary: "Make the caller's 2FA key (regenerate=once: a new one) and answer its QR code",
    query: [{ name: "regenerate", description: "Make a new key.", schema: { enum: ["once"] } }],
    responses: { 200: { description: "A PNG.", media: ["image/png"] } },
    errors: [401, 403],
  },
  "GET /api/users/:id/sessions": {
    id: "listSessions",
    tag: "users",
    access: "login",
    summary: "A user's live login sessions (the user or admins)",
    responses: { 200: { description: "The sessions.", json: arr(ref("SessionInfo")), example: EXAMPLES.sessions } },
    errors: [401, 403, 404],
  },
  "DELETE /api/users/:id/sessions": {
    id: "endSessions",
    tag: "users",
    access: "login",
    summary: "End every session of a user",
    responses: { 200: { description: "How many ended.", json: ENDED, example: EXAMPLES.ended } },
    errors: [401, 403, 404],
  },
  "DELETE /api/users/:id/sessions/:handle": {
    id: "endSession",
    tag: "users",
    access: "login",
    summary: "End one session by its handle",
    responses: { 200: OK_TEXT },
    errors: [401, 403, 404],
  },
  "GET /api/settings": {
    id: "getSettings",
    tag: "settings",
    access: "login",
    summary: "The global settings (admins)",
    responses: { 200: { description: "The settings.", json: ref("GlobalSettings"), example: EXAMPLES.settings } },
    errors: [401, 403],
  },
  "PUT /api/settings": {
    id: "changeSettings",
    tag: "settings",
    access: "login",
    summary: "Change any part of the global settings (admins)",
    body: { json: ref("SettingsUpdate"), required: true },
    responses: { 200: { description: "The settings saved.", json: ref("GlobalSettings"), example: EXAMPLES.settings } },
    errors: [400, 401, 403],
  },
  "GET /api/logs": {
    id: "listFailedLogins",
    tag: "settings",
    access: "login",
    summary: "Failed logins per client IP (admins)",
    responses: { 200: { description: "The records.", json: arr(ref("FailedLog")), example: EXAMPLES.failedLogs } },
    errors: [401, 403],
  },
  "DELETE /api/logs": {
    id: "removeFailedLogins",
    tag: "settings",
    access: "login",
    summary: "Unban an IP by removing its record, or all=true every record (admins)",
    query: [textParam("ip", "The record's IP."), flag("all", "Remove every record and answer how many.")],
    responses: {
      200: {
        description: "`200 OK`, or `{removed}` with all=true.",
        text: "200 OK",
        json: { type: "object", properties: { removed: int() }, required: ["removed"] },
        example: EXAMPLES.removed,
      },
    },
    errors: [400, 401, 403, 404],
  },
  "GET /api/shared": {
    id: "listAllShares",
    tag: "shares",
    access: "login",
    summary: "Every share link (admins)",
    responses: {
      200: { description: "The links with their owners.", json: arr(ref("ShareLink")), example: EXAMPLES.links },
    },
    errors: [401, 403],
  },
  "POST /api/share/*": {
    id: "createShare",
    tag: "shares",
    access: "login",
    summary: "Share a file or folder (needs share and download)",
    query: [
      intParam("expires", `Lifetime in units, 0 to ${SHARE_EXPIRES_MAX}; without it a permanent link.`),
      { name: "unit", description: "Unit of expires.", schema: oneOfValues(Object.keys(SHARE_UNITS)) },
    ],
    body: { json: ref("ShareOptions") },
    responses: { 200: { description: "The new link.", json: ref("ShareLink"), example: EXAMPLES.link } },
    errors: [400, 401, 403, 404],
  },
  "GET /api/share/*": {
    id: "listSharesOfPath",
    tag: "shares",
    access: "login",
    summary: "The caller's links of a path",
    responses: { 200: { description: "The links.", json: arr(ref("ShareLink")), example: EXAMPLES.links } },
    errors: [401, 403, 404],
  },
  "PATCH /api/share/:hash": {
    id: "changeShareRate",
    tag: "shares",
    access: "login",
    summary: "Change a link's public download speed (owner or admins)",
    body: {
      json: {
        type: "object",
        properties: { downloadRate: int("Bytes per second; 0: unlimited.") },
        required: ["downloadRate"],
      },
      required: true,
    },
    responses: { 200: { description: "The changed link.", json: ref("ShareLink"), example: EXAMPLES.link } },
    errors: [400, 401, 403, 404],
  },
  "DELETE /api/share/:hash": {
    id: "deleteShare",
    tag: "shares",
    access: "login",
    summary: "Delete a link (owner or admins)",
    responses: { 200: OK_TEXT },
    errors: [401, 403, 404],
  },
  "POST /api/public/share/:hash{[^/]+}/token": {
    id: "unlockShare",
    tag: "public",
    access: "public",
    summary: "Unlock a password link",
    body: { json: { type: "object", properties: { password: str() }, required: ["password"] }, required: true },
    responses: {
      200: { description: "A short-lived token for the link.", json: ref("ShareAccess"), example: EXAMPLES.access },
    },
    errors: [400, 401, 404, 429],
  },
  "GET /api/public/share/:hash{[^/]+}/*": {
    id: "getPublicShareItem",
    tag: "public",
    access: "share",
    summary: "A sub-folder or file of a shared folder",
    description: SHARE_TOKEN_NOTE,
    responses: {
      200: {
        description: "The item; paths relative to the shared folder.",
        json: ref("PublicShare"),
        example: EXAMPLES.publicFolder,
      },
    },
    errors: VISITOR_ERRORS,
  },
  "GET /api/public/share/:hash{[^/]+}": {
    id: "getPublicShare",
    tag: "public",
    access: "share",
    summary: "A shared item (a folder with its listing)",
    description: SHARE_TOKEN_NOTE,
    responses: {
      200: {
        description: "The item, or an upload-only folder.",
        json: { anyOf: [ref("PublicShare"), ref("UploadOnlyShare")] },
        example: EXAMPLES.publicFolder,
      },
    },
    errors: VISITOR_ERRORS,
  },
  "GET /api/public/dl/:hash{[^/]+}/*": {
    id: "downloadPublicItem",
    tag: "public",
    access: "share",
    summary: "Download a file of a shared folder (as GET /api/raw/{path})",
    description: SHARE_TOKEN_NOTE,
    query: [
      flag("inline", "Content-Disposition inline."),
      flag("thumb", "A picture's thumbnail."),
      intParam("w", "Thumbnail width."),
      textParam("algo", "Archive format of a folder."),
    ],
    responses: {
      200: { description: "The bytes.", media: ["application/octet-stream"] },
      206: { description: "A range.", media: ["application/octet-stream"] },
    },
    errors: [...VISITOR_ERRORS, 416],
  },
  "GET /api/public/dl/:hash{[^/]+}": {
    id: "downloadPublicShare",
    tag: "public",
    access: "share",
    summary: "Download a shared file, or a shared folder as an archive",
    description: SHARE_TOKEN_NOTE,
    query: [
      flag("inline", "Content-Disposition inline."),
      flag("thumb", "A picture's thumbnail."),
      intParam("w", "Thumbnail width."),
      textParam("algo", "Archive format of a folder."),
    ],
    responses: {
      200: { description: "The bytes.", media: ["application/octet-stream"] },
      206: { description: "A range.", media: ["application/octet-stream"] },
    },
    errors: [...VISITOR_ERRORS, 416],
  },
  "POST /api/public/upload/:hash{[^/]+}/*": {
    id: "uploadToPublicShare",
    tag: "public",
    access: "share",
    summary: "Upload a new file into an upload-only shared folder",
    body: { media: "application/octet-stream", description: "The file's bytes." },
    responses: { 200: OK_TEXT },
    errors: [...VISITOR_ERRORS, 413],
  },
  ...previewRows(),
  "OPTIONS /api/public/tus/*": {
    id: "publicTusOptions",
    tag: "public",
    access: "public",
    summary: "What the tus server speaks",
    responses: { 204: { description: "Tus-Version, Tus-Extension and Tus-Max-Size headers." } },
  },
  "POST /api/public/tus/:hash{[^/]+}/*": {
    id: "publicTusCreate",
    tag: "public",
    access: "share",
    summary: "Start a resumable upload into an upload-only shared folder",
    headers: [
      { name: "Tus-Resumable", description: "1.0.0", required: true },
      { name: "Upload-Length", description: "Bytes of the whole file.", required: true },
    ],
    body: { media: "application/offset+octet-stream", description: "Optionally the first bytes." },
    responses: {
      201: { description: "Created.", headers: { Location: "The upload's URL with its key: only it may go on." } },
    },
    errors: [...VISITOR_ERRORS, 412, 413],
  },
  "GET /api/public/tus/:hash{[^/]+}/*": {
    id: "publicTusStatus",
    tag: "public",
    access: "share",
    summary: "Where a visitor's upload stands (HEAD)",
    query: [textParam("key", "The upload's key.", true)],
    responses: { 200: { description: "Upload-Offset and Upload-Length headers." } },
    errors: [...VISITOR_ERRORS, 412],
  },
  "PATCH /api/public/tus/:hash{[^/]+}/*": {
    id: "publicTusAppend",
    tag: "public",
    access: "share",
    summary: "Append bytes to a visitor's upload",
    query: [textParam("key", "The upload's key.", true)],
    body: { media: "application/offset+octet-stream", description: "The next bytes." },
    responses: { 204: { description: "Stored." } },
    errors: [...VISITOR_ERRORS, 412, 413, 415],
  },
  "DELETE /api/public/tus/:hash{[^/]+}/*": {
    id: "publicTusTerminate",
    tag: "public",
    access: "share",
    summary: "Drop a visitor's unfinished upload",
    query: [textParam("key", "The upload's key.", true)],
    responses: { 204: { description: "Dropped." } },
    errors: [...VISITOR_ERRORS, 412],
  },
  "GET /static/:file": {
    id: "getUiAsset",
    tag: "ui",
    access: "public",
    summary: "A hashed asset of the UI (cached for a year)",
    responses: { 200: { description: "The asset.", media: ["application/javascript", "text/css", "*/*"] } },
    errors: [404],
  },
  "GET /branding/:file{custom\\.css|img/logo\\.svg}": {
    id: "getBrandingFile",
    tag: "ui",
    access: "public",
    summary: "The branding folder's custom.css or img/logo.svg",
    pathParams: { file: "custom.css or img/logo.svg" },
    responses: { 200: { description: "The file.", media: ["text/css", "image/svg+xml"] } },
    errors: [404],
  },
  "GET /api/*": {
    id: "unknownApiPath",
    tag: "ui",
    access: "public",
    summary: "Any other API path: not found",
    responses: {},
    errors: [404],
  },
  "GET /*": {
    id: "getUiPage",
    tag: "ui",
    access: "public",
    summary: "The UI page (index.html with the server's config) for every other path",
    responses: { 200: { description: "The page.", media: ["text/html"] } },
  },
  "GET /": {
    id: "redirectToBase",
    tag: "ui",
    access: "public",
    summary: "With a base URL: a redirect to it",
    responses: { 302: { description: "Location: the base URL." } },
  },
};
