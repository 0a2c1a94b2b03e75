/**
 * @module The only place that calls fetch: X-Auth, X-Renew-Token, ApiError on non-2xx (docs/product.md "API errors").
 */
import { config } from "../stores/config";
import { AUTH_HEADER, RENEW_TOKEN_HEADER } from "../../shared/wire/headers";

/** A non-2xx answer: its status and body text ("404 Not Found"), or "status statusText" when empty. */
export class ApiError extends Error {
  readonly status: number;
  readonly text: string;
  constructor(status: number, text: string) {
    super(text || String(status));
    this.name = "ApiError";
    this.status = status;
    this.text = text;
  }
}

/** Hooks the session store plugs in, so the client needs no import of it. */
export interface ClientHooks {
  getToken: () => string | null;
  /** A response carried X-Renew-Token: the session should renew its token. */
  onRenewRequested: () => void;
  /** An authenticated call was answered 401: the session is over. */
  onUnauthorized: () => void;
}

let hooks: ClientHooks = { getToken: () => null, onRenewRequested: () => {}, onUnauthorized: () => {} };

/** Installs the session hooks (called once by the auth store). */
export function configureClient(next: ClientHooks): void {
  hooks = next;
}

/** Options of one call: `auth: false` sends no token and never triggers a logout. */
export interface RequestOptions extends Omit<RequestInit, "headers"> {
  headers?: Record<string, string>;
  auth?: boolean;
}

/** The absolute URL of an API path under the base URL ("/api/renew" -> "/app/api/renew"). */
export function apiUrl(path: string): string {
  return `${config.baseURL}${path}`;
}

function handleStatus(status: number, renew: string | null, auth: boolean): void {
  if (auth && renew === "true") hooks.onRenewRequested();
  if (auth && status === 401) hooks.onUnauthorized();
}

/**
 * Calls the API and returns the response when it is 2xx.
 * @throws ApiError with the status and body text otherwise (status 0 for a network failure).
 */
export async function apiFetch(path: string, opts: RequestOptions = {}): Promise<Response> {
  const { auth = true, headers = {}, ...init } = opts;
  const token = auth ? hooks.getToken() : null;
  if (token) headers[AUTH_HEADER] = token;
  let res: Response;
  try {
    res = await fetch(apiUrl(path), { ...init, headers });
  } catch (err) {
    throw new ApiError(0, String((err as Error)?.message ?? err));
  }
  handleStatus(res.status, res.headers.get(RENEW_TOKEN_HEADER), auth);
  if (res.ok) return res;
  const text = (await res.text().catch(() => "")).trim();
  throw new ApiError(res.status, text || `${res.status} ${res.statusText}`.trim());
}

/** Calls the API and parses the JSON answer. @throws ApiError on non-2xx. */
export async function apiJson<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await apiFetch(path, opts);
  return (await res.json()) as T;
}

/** Calls the API and returns the answer as text. @throws ApiError on non-2xx. */
export async function apiText(path: string, opts: RequestOptions = {}): Promise<string> {
  const res = await apiFetch(path, opts);
  return res.text();
}

/** Progress of a request body being sent. */
export type ProgressListener = (loaded: number, total: number) => void;

/**
 * Sends a body with upload progress (fetch has none, so this one call uses XMLHttpRequest).
 * Resolves with the answer text on 2xx.
 * `auth: false` sends no login token and never triggers a logout; `headers` are added as given.
 * @throws ApiError with the status and body text otherwise; status 0 when aborted or offline.
 */
export function apiUpload(
  path: string,
  body: Blob,
  onProgress: ProgressListener,
  signal?: AbortSignal,
  opts: { auth?: boolean; headers?: Record<string, string> } = {},
): Promise<string> {
  const { auth = true, headers = {} } = opts;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", apiUrl(path));
    const token = auth ? hooks.getToken() : null;
    if (token) xhr.setRequestHeader(AUTH_HEADER, token);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : body.size);
    xhr.onload = () => {
      handleStatus(xhr.status, xhr.getResponseHeader(RENEW_TOKEN_HEADER), auth);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(body.size, body.size);
        resolve(xhr.responseText);
      } else reject(new ApiError(xhr.status, xhr.responseText.trim() || `${xhr.status} ${xhr.statusText}`));
    };
    xhr.onerror = () => reject(new ApiError(0, "network error"));
    xhr.onabort = () => reject(new ApiError(0, "aborted"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/**
 * For the one other HTTP stack (tus-js-client, api/tus-upload.ts): the login token to send as X-Auth (null when
 * signed out), and `noteAnswer` to call with each answer's status and X-Renew-Token so renewals and logouts
 * happen as for every other call.
 */
export const sessionBridge = {
  token: (): string | null => hooks.getToken(),
  noteAnswer: (status: number, renew: string | null): void => handleStatus(status, renew, true),
};
