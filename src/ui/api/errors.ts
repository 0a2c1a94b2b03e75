/**
 * @module The one mapping from a failed call to what the user sees: the 403/404/500 error views (docs/product.md "Files
 * view") and, for popups and inline errors, a translated sentence; never a bare status line or a stack.
 */
import i18next from "i18next";
import { ApiError } from "./client";
import { hiddenBelowAction, type HiddenBelowAction } from "../../shared/wire/hidden-below";

/** The error views a page can show. */
export type ErrorKind = "forbidden" | "notFound" | "internal";

/**
 * Picks the error view for a failure: a status or message starting with 404 is not found, 403 is
 * forbidden, anything else internal (docs/product.md "Files view").
 */
export function errorKindOf(err: unknown): ErrorKind {
  const status = err instanceof ApiError ? err.status : 0;
  const text = err instanceof Error ? err.message : String(err ?? "");
  if (status === 404 || text.startsWith("404")) return "notFound";
  if (status === 403 || text.startsWith("403")) return "forbidden";
  return "internal";
}

/** The detail in parentheses of an error body ("403 Forbidden (OTP passcode required)" -> "OTP passcode required"). */
export function errorDetail(text: string): string | null {
  const m = /\(([^()]*)\)\s*$/.exec(text);
  return m ? m[1].trim() || null : null;
}

/** The sentences a failure can be told with (keys of the `errors` section of the locale files). */
export type ErrorSentenceKey =
  | "errors.forbidden"
  | "errors.notFound"
  | "errors.internal"
  | "errors.api.network"
  | "errors.api.unauthorized"
  | "errors.api.exists"
  | "errors.api.changedOnDisk"
  | "errors.api.badRequest"
  | "errors.api.badRequestReason"
  | "errors.api.tooLarge"
  | "errors.api.tooMany"
  | "errors.api.missingTool"
  | "errors.api.unavailable"
  | "errors.api.hiddenBelowMove"
  | "errors.api.hiddenBelowDelete"
  | "errors.api.hiddenBelowChmod"
  | "errors.api.hiddenBelowReplace"
  | "errors.api.notAllowed";

/** A sentence key and the values it names. */
export interface ErrorSentence {
  key: ErrorSentenceKey;
  values?: { reason?: string; tool?: string };
}

/** Sentences by status; 400 and 503 look at the server's reason first (errorSentence). */
const BY_STATUS: Record<number, ErrorSentenceKey> = {
  0: "errors.api.network",
  400: "errors.api.badRequest",
  401: "errors.api.unauthorized",
  403: "errors.forbidden",
  404: "errors.notFound",
  409: "errors.api.exists",
  412: "errors.api.changedOnDisk",
  413: "errors.api.tooLarge",
  429: "errors.api.tooMany",
  503: "errors.api.unavailable",
};

/** The tool a 503 names: "503 Service Unavailable (tar.xz needs xz, which is not installed on the server)" -> "xz". */
function missingTool(detail: string | null): string | null {
  return detail ? (/needs (\S+), which is not installed/.exec(detail)?.[1] ?? null) : null;
}

/** The sentence of each action refused on a folder holding items the user's rules hide (shared/wire/hidden-below.ts). */
const HIDDEN_BELOW: Record<HiddenBelowAction, ErrorSentenceKey> = {
  move: "errors.api.hiddenBelowMove",
  delete: "errors.api.hiddenBelowDelete",
  "change the mode of": "errors.api.hiddenBelowChmod",
  replace: "errors.api.hiddenBelowReplace",
};

/**
 * What a failure means to the user, as a sentence key: the status picks it (409 exists, 403 forbidden, 404
 * not found, 412 changed on disk, 413 too large, 429 too many, 0 unreachable...); a 400 carries the server's
 * reason, a 503 the missing tool's name, a 403 for a folder holding rule-hidden items says so. A browser refusal
 * (clipboard) has its own sentence; anything else, including other statuses, is "Something went wrong".
 */
export function errorSentence(err: unknown): ErrorSentence {
  if (!(err instanceof ApiError)) {
    return { key: (err as Error | null)?.name === "NotAllowedError" ? "errors.api.notAllowed" : "errors.internal" };
  }
  const detail = errorDetail(err.text);
  if (err.status === 400 && detail) return { key: "errors.api.badRequestReason", values: { reason: detail } };
  const hidden = err.status === 403 && detail ? hiddenBelowAction(detail) : null;
  if (hidden) return { key: HIDDEN_BELOW[hidden] };
  const tool = err.status === 503 ? missingTool(detail) : null;
  if (tool) return { key: "errors.api.missingTool", values: { tool } };
  return { key: BY_STATUS[err.status] ?? "errors.internal" };
}

/** The translated sentence of a failure in the current language (see errorSentence). */
export function errorMessage(err: unknown): string {
  const { key, values } = errorSentence(err);
  return i18next.t(key, values ?? {});
}
