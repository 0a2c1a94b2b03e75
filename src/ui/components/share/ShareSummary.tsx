/**
 * @module The head of the share page (docs/product.md "Share page"): the item's name, its size or counts and date, the
 * 'download file' / 'download folder' link (a folder as zip) and the QR code of the share's link behind a button.
 */
import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Resource } from "../../../shared/wire/resource";
import { publicArchiveUrl, publicDownloadUrl } from "../../api/public-urls";
import { formatSize } from "../../format/format-size";
import { formatFullDate, formatRelative } from "../../format/format-date";
import { currentLanguage } from "../../i18n";
import { FileIcon } from "../listing/FileIcon";
import { ShareQrButton } from "./ShareQrButton";

/** The summary card of the shared item, or of the folder `sub` inside a shared folder. */
export function ShareSummary({ item, hash, sub, link }: { item: Resource; hash: string; sub: string; link: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const href = item.isDir ? publicArchiveUrl(hash, sub, "zip") : publicDownloadUrl(hash, sub);
  return (
    <section className="share-summary" aria-labelledby="share-name">
      <div className="share-summary-main">
        <FileIcon isDir={item.isDir} type={item.type} name={item.name} size={48} />
        <div className="share-summary-text">
          <h1 id="share-name" className="share-name">
            {item.name}
          </h1>
          <p className="share-meta">
            {item.isDir ? (
              <>
                <span>{t("sharePage.folders", { count: item.numDirs ?? 0 })}</span>
                <span>{t("sharePage.files", { count: item.numFiles ?? 0 })}</span>
              </>
            ) : (
              <span>
                {t("sharePage.size")}: {formatSize(item.size)}
              </span>
            )}
            <span>
              {t("sharePage.modified")}:{" "}
              <time dateTime={item.modified} title={formatFullDate(item.modified, lang)}>
                {formatRelative(item.modified, lang)}
              </time>
            </span>
          </p>
          <div className="share-actions">
            <a className="btn btn-primary share-download" href={href} download>
              <Download size={18} aria-hidden />
              <span className="share-download-label">
                {t(item.isDir ? "sharePage.downloadFolder" : "sharePage.downloadFile")}
              </span>
            </a>
            <ShareQrButton link={link} />
          </div>
        </div>
      </div>
    </section>
  );
}
