/**
 * @module The archive preview's entries: the first page with the archive's totals, then one more page from the server
 * each time 'Show more' needs it (GET ?probe=yes&offset=&limit=, ARCHIVE_PAGE_MAX entries a page).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { ARCHIVE_PAGE_MAX, fetchArchivePage, fetchProbe, type ProbedResource } from "../../../api/media";
import { archivePages, type ArchivePages } from "./archive-rows";
import type { Fetched } from "./useFetched";

/** The pages loaded, and the state of the call for the next one. */
export interface ArchivePagesView extends ArchivePages {
  readonly loadingMore: boolean;
  /** Why the last call for a next page failed, or null. */
  readonly moreError: unknown;
}

/**
 * Loads the first page of the archive `path` (again when it changes) and returns it with `loadMore`, which asks for
 * the page after the loaded entries; calls are aborted when the view goes away or the path changes.
 */
export function useArchivePages(path: string): { pages: Fetched<ArchivePagesView>; loadMore: () => void } {
  const [first, setFirst] = useState<Fetched<ProbedResource>>({ status: "loading" });
  const [more, setMore] = useState<readonly ProbedResource[]>([]);
  const [call, setCall] = useState<{ loading: boolean; error: unknown }>({ loading: false, error: null });
  const ctl = useRef<AbortController | null>(null);
  useEffect(() => {
    const own = new AbortController();
    ctl.current = own;
    setFirst({ status: "loading" });
    setMore([]);
    setCall({ loading: false, error: null });
    fetchProbe(path, own.signal).then(
      (value) => !own.signal.aborted && setFirst({ status: "ready", value }),
      (error: unknown) => !own.signal.aborted && setFirst({ status: "failed", error }),
    );
    return () => own.abort();
  }, [path]);
  const pages: Fetched<ArchivePagesView> =
    first.status === "ready"
      ? {
          status: "ready",
          value: { ...archivePages(first.value, more), loadingMore: call.loading, moreError: call.error },
        }
      : first;
  const loaded = pages.status === "ready" ? pages.value.entries.length : 0;
  const loadMore = useCallback(() => {
    const own = ctl.current;
    if (!own || call.loading) return;
    setCall({ loading: true, error: null });
    fetchArchivePage(path, loaded, ARCHIVE_PAGE_MAX, own.signal).then(
      (page) => {
        if (own.signal.aborted) return;
        setMore((m) => [...m, page]);
        setCall({ loading: false, error: null });
      },
      (error: unknown) => !own.signal.aborted && setCall({ loading: false, error }),
    );
  }, [path, loaded, call.loading]);
  return { pages, loadMore };
}
