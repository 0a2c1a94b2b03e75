/**
 * @module Closing the preview (docs/product.md "Closing the preview"): back to the listing it came from, or to the
 * parent folder.
 */
import { useState } from "react";
import { useLocation } from "wouter";
import type { Resource } from "../../api/resources";
import { filesRoute, parentPath } from "../../format/encode-path";
import { previewOpenedFromListing } from "../../stores/current-resource";

/**
 * What closes the preview of `file`. Opened from its folder's listing (that listing was on screen when its first
 * file loaded), it goes back in history to that listing, which the files view fetches again, so deleted or processed
 * images show as they are now. Opened from a direct file path, it goes to the parent folder.
 */
export function usePreviewClose(file: Resource): () => void {
  const [, navigate] = useLocation();
  // Read once: moves inside the preview keep how it was opened.
  const [fromListing] = useState(() => previewOpenedFromListing(file.path));
  return () => {
    // Moves inside the preview replace the history entry, so the entry before it is the listing.
    if (fromListing && window.history.length > 1) window.history.back();
    else navigate(filesRoute(parentPath(file.path)));
  };
}
