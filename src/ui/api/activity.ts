/**
 * @module Activity log calls (docs/product.md "Activity log"): GET /api/activity (one page, newest first) and
 * GET /api/activity.csv (every matching entry, admins).
 */
import { apiFetch, apiJson } from "./client";
import type { ActivityAction, ActivityPage } from "../../shared/wire/activity";

export type { ActivityEntry, ActivityPage } from "../../shared/wire/activity";

/** The filters of both calls; an empty or missing field does not filter. */
export interface ActivityFilter {
  user?: string;
  action?: ActivityAction | "";
  /** A file or folder: the entries about it and everything below it. */
  path?: string;
  /** ISO dates (YYYY-MM-DD), both ends included. */
  from?: string;
  to?: string;
}

/** The query of `filter` plus paging fields, leaving out empty values ("user=ann&limit=20"). */
export function activityQuery(filter: ActivityFilter, extra: Record<string, string | number | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, ...extra }))
    if (value !== undefined && value !== "") query.set(key, String(value));
  return query.toString();
}

/** One page of entries, newest first; `before` is the `next` of the page before. @throws ApiError. */
export function fetchActivity(
  filter: ActivityFilter,
  page: { before?: number; limit?: number } = {},
  signal?: AbortSignal,
): Promise<ActivityPage> {
  return apiJson<ActivityPage>(`/api/activity?${activityQuery(filter, page)}`, { signal });
}

/**
 * Every matching entry as CSV. It comes through the client with the X-Auth header (a plain link could not send it),
 * so the download is made from the answer. @throws ApiError (403 for a non-admin).
 */
export async function fetchActivityCsv(filter: ActivityFilter): Promise<Blob> {
  return (await apiFetch(`/api/activity.csv?${activityQuery(filter)}`)).blob();
}
