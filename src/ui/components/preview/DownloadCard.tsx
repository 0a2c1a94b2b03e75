/** @module The fallback preview (SPEC §2 Preview "otherwise a download link"): icon, name, size and a download link. */
import type { ReactNode } from "react";
import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Resource } from "../../api/resources";
import { downloadUrl } from "../../api/urls";
import { formatSize } from "../../format/format-size";
import { FileIcon } from "../listing/FileIcon";

/** A card naming `file` with a link that downloads it; `children` go under the size (a notice, a table...). */
export function DownloadCard({ file, token, children }: { file: Resource; token: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="preview-card">
      <FileIcon isDir={false} type={file.type} name={file.name} size={72} />
      <h2>{file.name}</h2>
      <p className="muted">{formatSize(file.size)}</p>
      {children ?? <p className="muted">{t("preview.noPreview")}</p>}
      <a className="btn btn-primary" href={downloadUrl(file.path, token)} download>
        <Download size={18} aria-hidden /> {t("preview.downloadFile")}
      </a>
    </div>
  );
}
