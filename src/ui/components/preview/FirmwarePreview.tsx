/**
 * @module Firmware preview (docs/product.md "Preview"): the .trx image's product, versions and header check, and a
 * download link.
 */
import type { Resource } from "../../api/resources";
import { MetainfoCard } from "../prompts/info/MetainfoCard";

/** Shows the firmware file `file`. */
export function FirmwarePreview({ file, token }: { file: Resource; token: string }) {
  return <MetainfoCard file={file} token={token} kind="firmware" />;
}
