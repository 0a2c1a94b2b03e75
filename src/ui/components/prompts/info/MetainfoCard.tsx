/**
 * @module The preview card of a file with metadata (torrent, .trx firmware): the download card with the File info
 * section of the file's kind inside it (docs/product.md "Other previews": a private torrent shows a notice).
 */
import type { Resource } from "../../../api/resources";
import { DownloadCard } from "../../preview/DownloadCard";
import { MetainfoSections } from "./MetainfoSections";
import type { MetainfoKind } from "./media-format";
import { useProbe } from "./useProbe";

/** Probes `file` and shows its `kind` section above the download link. */
export function MetainfoCard({ file, token, kind }: { file: Resource; token: string; kind: MetainfoKind }) {
  const probe = useProbe(file.path);
  return (
    <div className="meta-card">
      <DownloadCard file={file} token={token}>
        <MetainfoSections kind={kind} state={probe} />
      </DownloadCard>
    </div>
  );
}
