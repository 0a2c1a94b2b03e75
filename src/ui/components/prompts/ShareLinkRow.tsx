/**
 * @module One link of the Share dialog: its expiry and option badges, the public URL in a read-only field with
 * Copy, and named buttons for its QR code, download speed and deletion; the QR code opens under the row.
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Copy, QrCode, Trash2 } from "lucide-react";
import type { ShareLink } from "../../../shared/wire/share";
import { copyShareUrl, publicShareUrl, removeShare } from "../../stores/shares";
import { ShareQrCode } from "../share/ShareQrCode";
import { ShareBadges } from "./ShareBadges";
import { ShareRateEditor } from "./ShareRateEditor";

/**
 * Scrolls a URL field to its end: where the field is narrower than the URL (a phone) it shows the link's own part,
 * not the origin every link shares.
 */
function showUrlEnd(field: HTMLInputElement | null): void {
  if (field) field.scrollLeft = field.scrollWidth;
}

/** A link row; `when` is its expiry as the dialog words it, `qrOpen` shows its QR code, `onQr` toggles it. */
export function ShareLinkRow({
  link,
  when,
  qrOpen,
  onQr,
}: {
  link: ShareLink;
  when: string;
  qrOpen: boolean;
  onQr: () => void;
}) {
  const { t } = useTranslation();
  const url = publicShareUrl(link.hash);
  const qrRef = useRef<HTMLSpanElement>(null);
  // A QR code opened under a row (a link just made, on a short screen) is brought into the dialog's view.
  useEffect(() => {
    if (qrOpen) qrRef.current?.scrollIntoView({ block: "nearest" });
  }, [qrOpen]);
  return (
    <li className="share-link">
      <span className="share-link-when">
        <span>{when}</span>
        <ShareBadges link={link} withCount />
      </span>
      <span className="share-link-url">
        <input
          className="input"
          readOnly
          value={url}
          ref={showUrlEnd}
          aria-label={t("share.urlNamed", { name: when })}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button
          type="button"
          className="btn"
          aria-label={t("share.copyNamed", { name: when })}
          title={t("share.copy")}
          onClick={() => void copyShareUrl(link.hash)}
        >
          <Copy size={16} aria-hidden />
          <span className="share-btn-text">{t("share.copyShort")}</span>
        </button>
      </span>
      <span className="share-link-tools">
        <button
          type="button"
          className="icon-btn"
          aria-expanded={qrOpen}
          aria-label={t("share.qrNamed", { name: when })}
          title={t("share.qr")}
          onClick={onQr}
        >
          <QrCode size={18} aria-hidden />
        </button>
        {!link.uploadOnly && <ShareRateEditor hash={link.hash} rate={link.downloadRate} name={when} />}
        <button
          type="button"
          className="icon-btn"
          aria-label={t("share.deleteNamed", { name: when })}
          title={t("share.delete")}
          onClick={() => void removeShare(link.hash)}
        >
          <Trash2 size={18} aria-hidden />
        </button>
      </span>
      {qrOpen && (
        <span className="share-link-qr" ref={qrRef}>
          <ShareQrCode link={url} />
        </span>
      )}
    </li>
  );
}
