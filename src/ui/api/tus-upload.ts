/**
 * @module Resumable uploads to /api/tus/{path} (tus 1.0) through tus-js-client, the one HTTP stack besides
 * client.ts: it sends X-Auth and reports answers to the session through `sessionBridge`. Chunks of the
 * server's configured size, retries after a dropped connection from the server's offset, and a file picked again after a
 * page reload goes on where it stopped (tus-js-client's fingerprint of name, type, size, date and target, kept
 * in localStorage).
 */
import type { DetailedError, Upload } from "tus-js-client";
import { ApiError, apiUrl, sessionBridge } from "./client";
import { encodePath } from "../format/encode-path";
import { config } from "../stores/config";
import { AUTH_HEADER, RENEW_TOKEN_HEADER } from "../../shared/wire/headers";

/** tus: waits (ms) before each retry after a failed request; a drop longer than all of them waits for the `online` event. */
const TUS_RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10000, 20000];

/** What one transfer tells its owner while it runs. */
export interface TusListeners {
  /** Bytes the server has (sent and acknowledged or in flight), of the file's size. */
  onProgress: (loaded: number) => void;
  /** true: a request failed and a retry waits (or the browser is offline); false: bytes flow again. */
  onStall: (stalled: boolean) => void;
}

/** How one run of a transfer ended: every byte arrived, or the user paused it. */
export type RunOutcome = "finished" | "paused";

/** One file's resumable upload. */
export interface TusTransfer {
  /**
   * Starts (or resumes from the server's offset) and resolves when the run ends.
   * @throws ApiError with the answer's status and text (0: network) when the upload fails or is cancelled.
   */
  run(): Promise<RunOutcome>;
  /** Stops sending; the server keeps what it has, run() resolves "paused". */
  pause(): void;
  /** Stops and deletes the partial upload on the server; run() rejects with ApiError(0, "cancelled"). */
  cancel(): Promise<void>;
}

/** The status of the answer behind a tus-js-client error (0: no answer). */
function statusOf(err: Error | DetailedError): number {
  return (err as DetailedError).originalResponse?.getStatus() ?? 0;
}

/**
 * Whether a failed request is tried again: no answer or a server error, and a 409/423 of PATCH or HEAD
 * (an offset that moved: the retry asks the server's offset). A 409 of the creation means the file exists:
 * that goes to the replace prompt instead.
 */
function retryable(err: DetailedError): boolean {
  const status = statusOf(err);
  if (status === 0 || status >= 500) return true;
  if (status === 409 || status === 423) return err.originalRequest?.getMethod() !== "POST";
  return false;
}

/** Where a transfer goes when not the user's /api/tus: a creation URL and the headers of each request. */
export interface TusEndpoint {
  readonly url: string;
  readonly headers: () => Record<string, string>;
}

/**
 * A resumable upload of `file` to the decoded path `path`; `override` replaces an existing file. `via` sends it
 * elsewhere (a share link's public uploads) without the session's token.
 */
export function tusTransfer(
  path: string,
  file: File,
  override: boolean,
  listen: TusListeners,
  via?: TusEndpoint,
): TusTransfer {
  let settle: { resolve: (o: RunOutcome) => void; reject: (e: ApiError) => void } | null = null;
  let stalled = false;
  const stall = (on: boolean) => {
    if (stalled !== on) listen.onStall((stalled = on));
  };
  // tus-js-client loads with the first resumable upload: it stays out of the first page load (its size budget).
  let upload: Upload | null = null;
  const make = async (): Promise<Upload> =>
    (upload ??= new (await import("tus-js-client")).Upload(file, {
      endpoint: via ? via.url : apiUrl(`/api/tus${encodePath(path)}?override=${override}`),
      chunkSize: config.tusChunkSize,
      retryDelays: TUS_RETRY_DELAYS_MS,
      // The creation carries no bytes: its answer (the upload's URL, kept for resuming) must not wait for a chunk.
      uploadDataDuringCreation: false,
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, filetype: file.type },
      onBeforeRequest: (req) => {
        if (via) return Object.entries(via.headers()).forEach(([k, v]) => req.setHeader(k, v));
        const token = sessionBridge.token();
        if (token) req.setHeader(AUTH_HEADER, token);
      },
      onAfterResponse: (_req, res) => {
        if (!via) sessionBridge.noteAnswer(res.getStatus(), res.getHeader(RENEW_TOKEN_HEADER) ?? null);
      },
      onShouldRetry: (err) => {
        const again = retryable(err);
        if (again) stall(true);
        return again;
      },
      onProgress: (sent) => {
        stall(false);
        listen.onProgress(sent);
      },
      onSuccess: () => settle?.resolve("finished"),
      onError: (err) => {
        // Retries ran out while offline: go on as soon as the browser is back online.
        if (statusOf(err) === 0 && !navigator.onLine) {
          stall(true);
          return;
        }
        settle?.reject(
          new ApiError(statusOf(err), (err as DetailedError).originalResponse?.getBody()?.trim() || err.message),
        );
      },
    }));
  // Back online: skip the wait of a pending retry and ask the server's offset now.
  const online = () => {
    const u = upload;
    if (!stalled || !settle || !u) return;
    void u.abort().then(() => u.start());
  };
  let found: Promise<void> | null = null;
  return {
    run() {
      window.addEventListener("online", online);
      const outcome = new Promise<RunOutcome>((resolve, reject) => (settle = { resolve, reject }));
      // Only the first run looks for an earlier upload of the same file (after a page reload).
      found ??= make().then((u) =>
        u.findPreviousUploads().then(
          (previous) => (previous[0] ? u.resumeFromPreviousUpload(previous[0]) : undefined),
          () => undefined,
        ),
      );
      void found.then(
        () => {
          // Paused or cancelled while the library loaded: nothing to start.
          if (settle) upload?.start();
        },
        (err: unknown) => settle?.reject(new ApiError(0, err instanceof Error ? err.message : String(err))),
      );
      return outcome.finally(() => {
        window.removeEventListener("online", online);
        settle = null;
      });
    },
    pause() {
      void upload?.abort();
      settle?.resolve("paused");
    },
    async cancel() {
      settle?.reject(new ApiError(0, "cancelled"));
      await upload?.abort(true).catch(() => {});
    },
  };
}
