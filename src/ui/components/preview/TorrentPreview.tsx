/** @module Torrent preview (SPEC §2 Preview). */
import type { Resource } from "../../api/resources";
import { DownloadCard } from "./DownloadCard";

/** Shows the torrent file `file`. */
export function TorrentPreview({ file, token }: { file: Resource; token: string }) {
  return <DownloadCard file={file} token={token} />;
}
