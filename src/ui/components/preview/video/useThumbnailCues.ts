/** @module Fetches the seek-bar thumbnails track of a video; no thumbnails when the server has none. */
import { useEffect, useState } from "react";
import { parseThumbnailCues, type ThumbnailCue } from "./thumbnail-cues";

/** The cues of the thumbnails WebVTT at `url` ("" for none); empty until loaded, and when it fails. */
export function useThumbnailCues(url: string): readonly ThumbnailCue[] {
  const [cues, setCues] = useState<readonly ThumbnailCue[]>([]);
  useEffect(() => {
    setCues([]);
    if (!url) return;
    const abort = new AbortController();
    fetch(url, { signal: abort.signal })
      .then((res) => (res.ok ? res.text() : ""))
      .then((text) => setCues(parseThumbnailCues(text, new URL(url, location.href).href)))
      // Thumbnails are an extra: without them the seek bar works as before.
      .catch(() => {});
    return () => abort.abort();
  }, [url]);
  return cues;
}
