/**
 * @module Progress of a long copy, move or delete (big trees): the call names itself with a random id,
 * and while it runs the counts are read from GET /api/progress/{id} every POLL_MS after a first FIRST_POLL_MS, so a
 * short operation never shows anything. The card in the layout (OperationProgress) shows `current`.
 */
import { proxy, useSnapshot } from "valtio";
import { apiJson } from "../api/client";
import type { OperationProgress } from "../../shared/wire/op-progress";

/** Milliseconds before the first read and between reads. */
const FIRST_POLL_MS = 300;
const POLL_MS = 400;

const state = proxy<{ current: OperationProgress | null }>({ current: null });

/** The running operation's counts, null when none is long enough to show. */
export function useOperationProgress(): { current: OperationProgress | null } {
  return useSnapshot(state) as { current: OperationProgress | null };
}

/** Whole percent of items done (0 while the server is still counting). */
export function percentDone(c: OperationProgress): number {
  return c.totalItems > 0 ? Math.min(100, Math.floor((c.doneItems / c.totalItems) * 100)) : 0;
}

/** Runs `work` with a fresh operation id, showing its counts while it lasts longer than FIRST_POLL_MS. */
export async function trackOperation<T>(work: (progressId: string) => Promise<T>): Promise<T> {
  const id = crypto.randomUUID();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const poll = async () => {
    try {
      const counts = await apiJson<OperationProgress>(`/api/progress/${id}`);
      if (!stopped) state.current = counts;
    } catch {
      // Not started yet on the server (404), or a passing network error: the next read tells.
    }
    if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
  };
  timer = setTimeout(() => void poll(), FIRST_POLL_MS);
  try {
    return await work(id);
  } finally {
    stopped = true;
    clearTimeout(timer);
    state.current = null;
  }
}
