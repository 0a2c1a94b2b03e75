/**
 * @module The shape of one row of the operation table (operations-*.ts): what the HTTP API document says about one
 * `METHOD path` of the app beyond what the route table knows, and small helpers to write rows briefly.
 */
import { int, str, type JsonSchema } from "./json-schema";

/** One query parameter or request header. */
export interface ParamSpec {
  name: string;
  description: string;
  schema?: JsonSchema;
  required?: boolean;
  /** Typical values, shown beside the schema. */
  examples?: readonly string[];
}

/** One answer of an operation: JSON with a schema (and example), plain text, or other content types. */
export interface ResponseSpec {
  description: string;
  json?: JsonSchema;
  example?: unknown;
  /** An example of a text/plain answer. */
  text?: string;
  /** Content types of a body the schema does not describe (files, pictures, playlists). */
  media?: string[];
  /** Response headers worth naming, with what they say. */
  headers?: Record<string, string>;
}

/**
 * Who may call: `public` needs nothing; `login` a login token (X-Auth header, auth cookie, or `?auth=` on reads and
 * WebSocket upgrades); `read` also takes a read-only media token in `?auth=`; `share` a share link's token when the
 * link has a password (X-Share-Token header or `?token=`).
 */
export type Access = "public" | "login" | "read" | "share";

/** What the document says about one route. */
export interface OperationSpec {
  id: string;
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  /** Descriptions of path parameters by their name in the route pattern (`*` is `path`). */
  pathParams?: Record<string, string>;
  query?: ParamSpec[];
  headers?: ParamSpec[];
  body?: { json: JsonSchema; example?: unknown; required?: boolean } | { media: string; description: string };
  responses: Record<number, ResponseSpec>;
  /** Error statuses the route answers, each with the short text body of every error. */
  errors?: number[];
  /** `x-` extension fields (e.g. a WebSocket's messages). */
  extensions?: Record<string, unknown>;
}

/** A query flag that is on with `true`. */
export const flag = (name: string, description: string): ParamSpec => ({
  name,
  description,
  schema: { enum: ["true"] },
});
/** A query value of free text. */
export const textParam = (name: string, description: string, required = false): ParamSpec => ({
  name,
  description,
  schema: str(),
  required,
});
/** A query value that is a whole number. */
export const intParam = (name: string, description: string): ParamSpec => ({ name, description, schema: int() });

/** The plain `200 OK` answer of a write. */
export const OK_TEXT: ResponseSpec = { description: "Done.", text: "200 OK" };

/** JSON `{ended}`: how many sessions ended. */
export const ENDED = { type: "object", properties: { ended: int() }, required: ["ended"] } satisfies JsonSchema;
/** JSON `{status: "OK"}` of the health check. */
export const HEALTH = {
  type: "object",
  properties: { status: { const: "OK" } },
  required: ["status"],
} satisfies JsonSchema;
