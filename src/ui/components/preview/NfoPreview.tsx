/** @module Nfo preview (SPEC §2 Preview). */
import type { Resource } from "../../api/resources";
import { DownloadCard } from "./DownloadCard";

/** Shows the nfo file `file`. */
export function NfoPreview({ file, token }: { file: Resource; token: string }) {
  return <DownloadCard file={file} token={token} />;
}
