/** @module Measures the folders of the info dialog on the server, cancelling the walk when the dialog closes. */
import { useEffect, useState } from "react";
import { fetchFolderUsage, type FolderUsage } from "../../api/resource-actions";
import { errorMessage } from "../../api/errors";
import { totalUsage, type UsageItem } from "./info-usage";

/** The totals of `items` (null while measuring) and the translated error of a failed measure. */
export interface FolderUsageState {
  total: FolderUsage | null;
  error: string | null;
}

/**
 * Asks GET ?usage=true for each folder among `items` (files need no call). Closing the dialog (unmount) or
 * another selection aborts the requests, and the server stops walking.
 */
export function useFolderUsage(items: readonly UsageItem[]): FolderUsageState {
  const [measured, setMeasured] = useState<Record<string, FolderUsage>>({});
  const [error, setError] = useState<string | null>(null);
  const folders = items.filter((i) => i.isDir).map((i) => i.path);
  const key = folders.join("\n");
  useEffect(() => {
    const controller = new AbortController();
    setMeasured({});
    setError(null);
    for (const path of folders) {
      fetchFolderUsage(path, controller.signal).then(
        (usage) => setMeasured((m) => ({ ...m, [path]: usage })),
        (err) => !controller.signal.aborted && setError(errorMessage(err)),
      );
    }
    return () => controller.abort();
  }, [key]);
  return { total: error ? null : totalUsage(items, measured), error };
}
