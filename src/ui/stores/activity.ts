/**
 * @module Activity store (docs/product.md "Activity log"): the admin's Activity page (filters, pages loaded one after
 * another as the list is scrolled, the CSV export) and the History section of File info (one item's newest entries).
 */
import { proxy, ref, useSnapshot } from "valtio";
import { fetchActivity, fetchActivityCsv, type ActivityEntry, type ActivityFilter } from "../api/activity";
import { errorMessage } from "../api/errors";
import { notifyError } from "../notify";
import { saveBlob } from "./save-blob";

/** Entries per page of the Activity page. */
const PAGE_SIZE = 100;
/** Entries per page of the History section (docs/product.md "Activity log"). */
const HISTORY_PAGE_SIZE = 20;
/** The name the CSV export is saved under. */
const CSV_NAME = "activity.csv";

/** One list of entries loaded page by page. */
interface EntryList {
  /** Entries so far, newest first; null until the first page. */
  items: ActivityEntry[] | null;
  /** The `before` of the next page; null at the end. */
  next: number | null;
  loading: boolean;
  error: string | null;
}

const emptyList = (): EntryList => ({ items: null, next: null, loading: false, error: null });

const page = proxy<EntryList & { filter: ActivityFilter }>({ ...emptyList(), filter: {} });
const history = proxy<EntryList & { path: string | null }>({ ...emptyList(), path: null });

/** Each new load bumps its list's generation, so an answer for older filters or another item is dropped. */
const generation = { page: 0, history: 0 };

/**
 * The wire filter of the page's form: its dates (YYYY-MM-DD, as date inputs give them) become the start of the first
 * day and the end of the last one in the browser's time zone, so "to" takes in that whole day.
 */
export function wireFilter(form: ActivityFilter): ActivityFilter {
  const instant = (day: string | undefined, time: string) =>
    day ? new Date(`${day}T${time}`).toISOString() : undefined;
  return { ...form, from: instant(form.from, "00:00:00"), to: instant(form.to, "23:59:59.999") };
}

/** Loads the next page of `list` (the first when `fresh`) with `filter`, unless one is already on the way. */
async function loadInto(
  list: EntryList,
  which: keyof typeof generation,
  filter: ActivityFilter,
  limit: number,
  fresh: boolean,
): Promise<void> {
  if (!fresh && (list.loading || list.next === null)) return;
  const mine = fresh ? ++generation[which] : generation[which];
  list.loading = true;
  if (fresh) Object.assign(list, { items: null, next: null, error: null });
  try {
    const answer = await fetchActivity(filter, { limit, before: fresh ? undefined : (list.next ?? undefined) });
    if (mine !== generation[which]) return;
    list.items = ref([...(fresh ? [] : (list.items ?? [])), ...answer.items]);
    list.next = answer.next ?? null;
  } catch (err) {
    if (mine === generation[which]) list.error = errorMessage(err);
  } finally {
    if (mine === generation[which]) list.loading = false;
  }
}

/** Snapshot of the Activity page: its filters and the entries loaded so far. */
export function useActivity() {
  return useSnapshot(page);
}

/** Sets the Activity page's filters and loads their first page. */
export function filterActivity(filter: ActivityFilter): Promise<void> {
  page.filter = { ...filter };
  return loadInto(page, "page", wireFilter(page.filter), PAGE_SIZE, true);
}

/** Loads the Activity page's next page (the end of the list came into view). */
export function loadMoreActivity(): Promise<void> {
  return loadInto(page, "page", wireFilter(page.filter), PAGE_SIZE, false);
}

/** Saves every entry matching the page's filters as activity.csv. */
export async function exportActivityCsv(): Promise<void> {
  try {
    saveBlob(await fetchActivityCsv(wireFilter(page.filter)), CSV_NAME);
  } catch (err) {
    notifyError(errorMessage(err));
  }
}

/** Snapshot of the History section: the item it lists and its entries so far. */
export function useItemHistory() {
  return useSnapshot(history);
}

/** Loads the newest entries about `path` (a file, or a folder and what is below it). */
export function loadItemHistory(path: string): Promise<void> {
  history.path = path;
  return loadInto(history, "history", { path }, HISTORY_PAGE_SIZE, true);
}

/** Loads the History section's next page (Show more). */
export function loadMoreItemHistory(): Promise<void> {
  if (history.path === null) return Promise.resolve();
  return loadInto(history, "history", { path: history.path }, HISTORY_PAGE_SIZE, false);
}
