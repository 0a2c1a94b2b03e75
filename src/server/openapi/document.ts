/**
 * @module Builds the OpenAPI 3.1 document of the HTTP API (docs/ARCHITECTURE.md "The HTTP API document") from the
 * app's route table (every `METHOD pattern` createApp registers) and the operation table (operations-*.ts), with the
 * component schemas of the wire module (wire-schemas.ts). Pure: routes in, a JSON-ready object out.
 */
import { COMPONENT_SCHEMAS } from "./wire-schemas";
import { FILE_OPERATIONS } from "./operations-files";
import { ACCOUNT_OPERATIONS } from "./operations-accounts";
import type { Access, OperationSpec, ParamSpec, ResponseSpec } from "./operation-spec";

/** One registered route, as Hono's `app.routes` lists it. */
export interface RouteEntry {
  method: string;
  path: string;
}

/** Every row of the operation table, by `METHOD pattern` (without the base URL). */
export const OPERATIONS: Readonly<Record<string, OperationSpec>> = { ...FILE_OPERATIONS, ...ACCOUNT_OPERATIONS };

/** Descriptions of path parameters by name, unless a row gives its own. */
const PATH_PARAMS: Record<string, string> = {
  path: "A path in the user's scope (inside the share for public routes), segments URL-encoded; a folder may end with /.",
  id: "A user id.",
  hash: "A share link's hash.",
  handle: "A session's public handle.",
  file: "A file name.",
};

/** The error answer every route gives: short plain text (errors.ts errorBody). */
const ERROR_RESPONSE = {
  description: "An error: `<code> <reason>`, and a detail in parentheses when there is one.",
  content: { "text/plain": { schema: { type: "string", pattern: "^[1-5][0-9]{2} " }, example: "404 Not Found" } },
};

/** The ways a login token may come (auth/middleware.ts), and a share link's token. */
const SECURITY_SCHEMES = {
  authHeader: { type: "apiKey", in: "header", name: "X-Auth", description: "A login token; any method." },
  authCookie: {
    type: "apiKey",
    in: "cookie",
    name: "auth",
    description: "The login cookie: reads, WebSocket upgrades, and writes from this server's own pages.",
  },
  authQuery: {
    type: "apiKey",
    in: "query",
    name: "auth",
    description: "A login token on GET, HEAD and WebSocket upgrades; on file reads also a read-only media token.",
  },
  shareToken: {
    type: "apiKey",
    in: "header",
    name: "X-Share-Token",
    description: "The token of a password share link.",
  },
  shareTokenQuery: {
    type: "apiKey",
    in: "query",
    name: "token",
    description: "The token of a password share link, in URLs.",
  },
};

/** The security requirement of an operation reached by `method`. */
function securityOf(access: Access, method: string): Record<string, string[]>[] {
  if (access === "public") return [];
  if (access === "share") return [{}, { shareToken: [] }, { shareTokenQuery: [] }];
  const read = method === "GET" || method === "HEAD";
  return [{ authHeader: [] }, { authCookie: [] }, ...(read ? [{ authQuery: [] }] : [])];
}

/** `/api/users/:id`, `/api/public/dl/:hash{[^/]+}/*` → `/api/users/{id}`, `/api/public/dl/{hash}/{path}`; and the names in order. */
function openApiPath(pattern: string): { path: string; names: string[] } {
  const names: string[] = [];
  let path = pattern.replace(/:(\w+)(\{[^}]*\})?/g, (_m, name: string) => {
    names.push(name);
    return `{${name}}`;
  });
  if (path.endsWith("/*")) {
    path = `${path.slice(0, -1)}{path}`;
    names.push("path");
  }
  return { path, names };
}

function parameter(p: ParamSpec, where: "query" | "header"): object {
  const schema = p.examples
    ? { ...(p.schema ?? { type: "string" }), examples: [...p.examples] }
    : (p.schema ?? { type: "string" });
  return { name: p.name, in: where, description: p.description, required: p.required ?? false, schema };
}

function response(r: ResponseSpec): object {
  const content: Record<string, object> = {};
  if (r.json)
    content["application/json"] = { schema: r.json, ...(r.example !== undefined ? { example: r.example } : {}) };
  if (r.text) content["text/plain"] = { schema: { type: "string" }, example: r.text };
  for (const m of r.media ?? []) content[m] ??= {};
  const headers =
    r.headers &&
    Object.fromEntries(Object.entries(r.headers).map(([k, d]) => [k, { description: d, schema: { type: "string" } }]));
  return {
    description: r.description,
    ...(Object.keys(content).length ? { content } : {}),
    ...(headers ? { headers } : {}),
  };
}

/** The operation object of `spec` reached by `method`, its path parameters named `names` (from the row's `own` names). */
function operation(spec: OperationSpec, method: string, names: string[], own: string[]): object {
  const head = method === "HEAD";
  const pathParams = names.map((name, i) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
    description: spec.pathParams?.[own[i]!] ?? PATH_PARAMS[own[i]!] ?? own[i],
  }));
  const responses: Record<string, object> = {};
  for (const [status, r] of Object.entries(spec.responses))
    responses[status] = head ? { description: r.description } : response(r);
  for (const status of spec.errors ?? []) responses[String(status)] = { $ref: "#/components/responses/Error" };
  const body =
    spec.body &&
    ("json" in spec.body
      ? {
          required: spec.body.required ?? false,
          content: {
            "application/json": {
              schema: spec.body.json,
              ...(spec.body.example !== undefined ? { example: spec.body.example } : {}),
            },
          },
        }
      : {
          description: spec.body.description,
          content: { [spec.body.media]: { schema: { type: "string", contentMediaType: spec.body.media } } },
        });
  return {
    operationId: head ? `head${spec.id[0]!.toUpperCase()}${spec.id.slice(1)}` : spec.id,
    summary: head ? `Headers of: ${spec.summary}` : spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: [spec.tag],
    security: securityOf(spec.access, method),
    parameters: [
      ...pathParams,
      ...(spec.query ?? []).map((p) => parameter(p, "query")),
      ...(spec.headers ?? []).map((p) => parameter(p, "header")),
    ],
    ...(body ? { requestBody: body } : {}),
    responses,
    ...(spec.extensions ?? {}),
  };
}

/** What the document is built from. */
interface DocumentInput {
  routes: readonly RouteEntry[];
  /** The configured base URL ("" or "/files"). */
  baseurl: string;
  version: string;
}

/**
 * The OpenAPI 3.1 document of `routes` (middleware, registered as ALL, left out). Paths are relative to the base URL
 * (the `servers` entry); a route outside it (GET /health) carries its own `servers`. A HEAD route without a row is its
 * GET's row without bodies. A route without a row at all still appears, marked `x-undocumented` (a test forbids it).
 */
export function buildOpenApiDocument(input: DocumentInput): Record<string, unknown> {
  const base = input.baseurl;
  const paths: Record<string, Record<string, unknown>> = {};
  /** Path keys by shape (`/api/share/{}`): patterns that differ only in parameter names share one path item. */
  const byShape = new Map<string, { path: string; names: string[] }>();
  const seen = new Set<string>();
  for (const { method, path: full } of input.routes) {
    if (method === "ALL" || seen.has(`${method} ${full}`)) continue;
    seen.add(`${method} ${full}`);
    const inBase = base !== "" && (full === base || full.startsWith(`${base}/`));
    const pattern = inBase ? full.slice(base.length) || "/" : full;
    const spec =
      OPERATIONS[`${method} ${pattern}`] ??
      (method === "HEAD" ? OPERATIONS[`GET ${pattern}`] : undefined) ??
      undocumented(method, pattern);
    const own = openApiPath(pattern);
    const shape = own.path.replace(/\{\w+\}/g, "{}");
    const key = byShape.get(shape) ?? own;
    byShape.set(shape, key);
    const item = (paths[key.path] ??= {});
    if (base !== "" && !inBase) item.servers = [{ url: "/", description: "Outside the base URL." }];
    item[method.toLowerCase()] = operation(spec, method, key.names, own.names);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "File Browser Enhanced HTTP API",
      version: input.version,
      description:
        "Every route of the server. Errors are short plain text. Paths in URLs are in the user's scope, segments URL-encoded.",
    },
    servers: [{ url: base || "/" }],
    paths,
    components: { schemas: COMPONENT_SCHEMAS, responses: { Error: ERROR_RESPONSE }, securitySchemes: SECURITY_SCHEMES },
  };
}

/** A row for a route the table does not describe yet. */
function undocumented(method: string, pattern: string): OperationSpec {
  const id = `${method.toLowerCase()}${pattern.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`;
  return {
    id,
    tag: "undocumented",
    access: "login",
    summary: `${method} ${pattern}`,
    responses: { 200: { description: "Undocumented." } },
    extensions: { "x-undocumented": true },
  };
}
