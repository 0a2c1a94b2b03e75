/**
 * @module Torrent preview (docs/product.md "Preview"): the torrent's fields, files and private notice, and a download
 * link.
 */
import type { Resource } from "../../api/resources";
import { MetainfoCard } from "../prompts/info/MetainfoCard";

/** Shows the torrent file `file`. */
export function TorrentPreview({ file, token }: { file: Resource; token: string }) {
  return <MetainfoCard file={file} token={token} kind="torrent" />;
}
