/** @module Archive preview (SPEC §2 Preview). */
import type { Resource } from "../../api/resources";
import { DownloadCard } from "./DownloadCard";

/** Shows the archive file `file`. */
export function ArchivePreview({ file, token }: { file: Resource; token: string }) {
  return <DownloadCard file={file} token={token} />;
}
