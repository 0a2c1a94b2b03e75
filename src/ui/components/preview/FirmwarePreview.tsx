/** @module Firmware preview (SPEC §2 Preview). */
import type { Resource } from "../../api/resources";
import { DownloadCard } from "./DownloadCard";

/** Shows the firmware file `file`. */
export function FirmwarePreview({ file, token }: { file: Resource; token: string }) {
  return <DownloadCard file={file} token={token} />;
}
