/**
 * @module The fallback preview (docs/product.md "Other previews": anything else shows a download link): icon, name,
 * size and a download link; without the download permission no link, and for a view that needs the file itself a
 * sentence saying so (docs/security.md "Download permission").
 */
import type { ReactNode } from "react";
import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Resource } from "../../api/resources";
import { downloadUrl } from "../../api/urls";
import { formatSize } from "../../format/format-size";
import { FileIcon } from "../listing/FileIcon";
import { useAuth } from "../../stores/auth";
import { holdsDownload } from "./preview-access";

/**
 * A card naming `file` (icon, name, size) with a button-styled link to `href` labelled `label` (no link without
 * `href`); `children` go under the size (a notice, a table...). Used by the preview and the share page.
 */
export function FileCard({
  file,
  href,
  label,
  children,
}: {
  file: Pick<Resource, "name" | "type" | "size">;
  href?: string;
  label?: string;
  children: ReactNode;
}) {
  return (
    <div className="preview-card">
      <FileIcon isDir={false} type={file.type} name={file.name} size={72} />
      <h2>{file.name}</h2>
      <p className="muted">{formatSize(file.size)}</p>
      {children}
      {href && (
        <a className="btn btn-primary" href={href} download>
          <Download size={18} aria-hidden /> {label}
        </a>
      )}
    </div>
  );
}

/**
 * The preview's card for `file`, downloading it with the media `token` (no link for a user without download);
 * `children` replace the 'no preview' line.
 */
export function DownloadCard({ file, token, children }: { file: Resource; token: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const href = holdsDownload(useAuth().user) ? downloadUrl(file.path, token) : undefined;
  return (
    <FileCard file={file} href={href} label={t("preview.downloadFile")}>
      {children ?? <p className="muted">{t("preview.noPreview")}</p>}
    </FileCard>
  );
}

/** The card of a file whose preview needs its own bytes, shown to a user without download: no player, no request. */
export function NeedsDownloadCard({ file }: { file: Resource }) {
  const { t } = useTranslation();
  return (
    <FileCard file={file}>
      <p className="preview-needs-download" role="status">
        {t("preview.needsDownload")}
      </p>
    </FileCard>
  );
}
