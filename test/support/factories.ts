/** @module Builds users and calls the API as them, for API tests (makeUser({perm}) and a small request helper). */
import { login, type TestServer } from "./server";

export type Perm = Partial<
  Record<"admin" | "execute" | "create" | "rename" | "modify" | "delete" | "share" | "download" | "publish", boolean>
>;

/** No permission at all; spread and set the one a test needs. */
export const NO_PERM: Required<Perm> = {
  admin: false,
  execute: false,
  create: false,
  rename: false,
  modify: false,
  delete: false,
  share: false,
  download: false,
  publish: false,
};

export interface TestUser {
  id: number;
  username: string;
  password: string;
  token: string;
}

let counter = 0;

/** Calls `<server>/api<path>` with the token (when given) and a JSON body (when given). */
export function call(
  server: TestServer,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const h: Record<string, string> = { ...headers };
  if (token) h["X-Auth"] = token;
  if (body !== undefined && typeof body !== "string") h["Content-Type"] = "application/json";
  return fetch(`${server.url}/api${path}`, {
    method,
    headers: h,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

/**
 * Creates a user through POST /api/users as the admin `adminToken` and logs them in. `perm` replaces the
 * defaults entirely (missing flags are off); other fields go to `data` as given.
 */
export async function makeUser(
  server: TestServer,
  adminToken: string,
  opts: {
    username?: string;
    password?: string;
    perm?: Perm;
    scope?: string;
    rules?: unknown[];
    lockPassword?: boolean;
    login?: boolean;
  } = {},
): Promise<TestUser> {
  const username = opts.username ?? `user${++counter}-${Math.random().toString(36).slice(2, 7)}`;
  const password = opts.password ?? "a-long-password-123";
  const data: Record<string, unknown> = { username, password };
  if (opts.perm) data.perm = { ...NO_PERM, ...opts.perm };
  if (opts.scope !== undefined) data.scope = opts.scope;
  if (opts.rules) data.rules = opts.rules;
  if (opts.lockPassword !== undefined) data.lockPassword = opts.lockPassword;
  const res = await call(server, adminToken, "POST", "/users", { what: "user", which: [], data });
  if (res.status !== 201) throw new Error(`creating ${username} failed: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: number };
  const token = opts.login === false ? "" : await login(server, username, password);
  return { id, username, password, token };
}

/** PUT /api/users/{id} with `{what: "user", which, data}`. */
export function putUser(
  server: TestServer,
  token: string,
  id: number,
  which: string[],
  data: Record<string, unknown>,
): Promise<Response> {
  return call(server, token, "PUT", `/users/${id}`, { what: "user", which, data: { id, ...data } });
}

/** PUT /api/settings with a partial settings object; throws unless 200. */
export async function putSettings(server: TestServer, adminToken: string, patch: unknown): Promise<void> {
  const res = await call(server, adminToken, "PUT", "/settings", patch);
  if (res.status !== 200) throw new Error(`settings update failed: ${res.status} ${await res.text()}`);
}
