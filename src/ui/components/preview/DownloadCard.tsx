/** @module The fallback preview (SPEC §2 Preview "otherwise a download link"): icon, name, size and a download link. */
import type { ReactNode } from "react";
import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Resource } from "../../api/resources";
import { downloadUrl } from "../../api/urls";
import { formatSize } from "../../format/format-size";
import { FileIcon } from "../listing/FileIcon";

/**
 * A card naming `file` (icon, name, size) with a button-styled link to `href` labelled `label`; `children` go under
 * the size (a notice, a table...). Used by the preview and the share page.
 */
export function FileCard({ file, href, label, children }: { file: Pick<Resource, "name" | "type" | "size">; href: string; label: string; children: ReactNode }) {
  return (
    <div className="preview-card">
      <FileIcon isDir={false} type={file.type} name={file.name} size={72} />
      <h2>{file.name}</h2>
      <p className="muted">{formatSize(file.size)}</p>
      {children}
      <a className="btn btn-primary" href={href} download>
        <Download size={18} aria-hidden /> {label}
      </a>
    </div>
  );
}

/** The preview's card for `file`, downloading it with the media `token`; `children` replace the 'no preview' line. */
export function DownloadCard({ file, token, children }: { file: Resource; token: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <FileCard file={file} href={downloadUrl(file.path, token)} label={t("preview.downloadFile")}>
      {children ?? <p className="muted">{t("preview.noPreview")}</p>}
    </FileCard>
  );
}
