/**
 * @module The previewed file's folder in display order (docs/product.md "Preview": previous/next follow the listing's
 * order).
 */
import { useMemo } from "react";
import type { Resource } from "../../api/resources";
import type { Sorting } from "../../auth/token";
import { parentPath } from "../../format/encode-path";
import { useListingView } from "../../stores/listing-view";
import { useDeletedPaths } from "../../stores/preview-deleted";
import { displayOrder, effectiveSorting } from "../listing/useListingOrder";
import { withoutDeleted } from "./siblings";

/**
 * The items of the folder of `file` in the listing's order and with its sorting, without what the preview deleted
 * (those stay in the listing until it is fetched again); empty while `listing` is not that folder.
 */
export function usePreviewSiblings(file: Resource, listing: Resource | null): readonly Resource[] {
  const view = useListingView();
  const sorting = effectiveSorting(view.sorting as Sorting | null, listing);
  const deleted = useDeletedPaths();
  return useMemo(() => {
    if (!listing || listing.path !== parentPath(file.path)) return [];
    const { dirs, files } = displayOrder(withoutDeleted(listing.items ?? [], deleted, file.path), sorting);
    return [...dirs, ...files];
  }, [listing, file.path, sorting.by, sorting.asc, deleted]);
}
