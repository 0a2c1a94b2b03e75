/**
 * @module The Torrent section of File info and of the torrent preview (docs/product.md "File info"; docs/product.md
 * "Torrent metadata" Torrent metadata): the torrent's fields, a notice for a private torrent and the table of its
 * files.
 */
import { useTranslation } from "react-i18next";
import { ShieldAlert } from "lucide-react";
import type { TorrentMetainfo } from "../../../api/media";
import { formatFullDate } from "../../../format/format-date";
import { formatSize } from "../../../format/format-size";
import { MetaSection, OptionalRow, Row, Size } from "./InfoRows";
import { unixToIso } from "./media-format";

/** The notice a private torrent shows (docs/product.md "Other previews": a private torrent shows a notice). */
export function PrivateTorrentNotice() {
  const { t } = useTranslation();
  return (
    <p className="meta-notice" role="note">
      <ShieldAlert size={18} aria-hidden />
      <span>{t("prompts.info.meta.privateNotice")}</span>
    </p>
  );
}

/** Index, path and length of every file in the torrent, in a scrolling box. */
function TorrentFiles({ files }: { files: TorrentMetainfo["Files"] }) {
  const { t } = useTranslation();
  return (
    <div className="meta-table-scroll" tabIndex={0} role="region" aria-label={t("prompts.info.meta.filesTable")}>
      <table className="meta-table">
        <caption className="visually-hidden">{t("prompts.info.meta.filesTable")}</caption>
        <thead>
          <tr>
            <th scope="col" className="meta-num meta-index">
              {t("prompts.info.meta.index")}
            </th>
            <th scope="col">{t("prompts.info.meta.path")}</th>
            <th scope="col" className="meta-num">
              {t("prompts.info.meta.length")}
            </th>
          </tr>
        </thead>
        <tbody>
          {files.map((f, i) => (
            <tr key={i}>
              <td className="meta-num">{i + 1}</td>
              <td className="meta-path">{f.Path}</td>
              <td className="meta-num" title={t("prompts.info.bytes", { bytes: f.Length.toLocaleString() })}>
                {formatSize(f.Length)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Everything the torrent file says about its content. */
export function TorrentSection({ meta }: { meta: TorrentMetainfo }) {
  const { t, i18n } = useTranslation();
  const created = unixToIso(meta.CreationDate);
  return (
    <MetaSection title={t("prompts.info.meta.torrent")}>
      {meta.Private && <PrivateTorrentNotice />}
      <dl className="info-list">
        <OptionalRow label={t("prompts.info.meta.torrentName")} value={meta.Name} />
        <Row label={t("prompts.info.meta.totalSize")}>
          <Size bytes={meta.Length} />
        </Row>
        <Row label={t("prompts.info.meta.fileCount")}>{meta.NumFiles.toLocaleString(i18n.language)}</Row>
        <Row label={t("prompts.info.meta.infoHash")}>
          <span className="checksum">{meta.InfoHash}</span>
        </Row>
        <OptionalRow label={t("prompts.info.meta.announce")} value={meta.Announce} />
        <Row label={t("prompts.info.meta.private")}>
          {meta.Private ? t("prompts.info.meta.yes") : t("prompts.info.meta.no")}
        </Row>
        <Row label={t("prompts.info.meta.pieceLength")}>
          <Size bytes={meta.PieceLength} />
        </Row>
        <OptionalRow
          label={t("prompts.info.meta.creationDate")}
          value={created && formatFullDate(created, i18n.language)}
        />
        <OptionalRow label={t("prompts.info.meta.createdBy")} value={meta.CreatedBy} />
        <OptionalRow label={t("prompts.info.meta.source")} value={meta.Source} />
        <OptionalRow label={t("prompts.info.meta.comment")} value={meta.Comment} />
      </dl>
      {meta.Files.length > 0 && <TorrentFiles files={meta.Files} />}
    </MetaSection>
  );
}
