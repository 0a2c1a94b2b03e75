/**
 * @module The public share page, /share/{hash}[/sub/path/] (docs/product.md "Share page"): no login, no header or
 * sidebar; the shared item with its download, QR code button and preview, a shared folder's listing and previews, the
 * password prompt of a password link, the upload area of an upload-only folder, or the unavailable text.
 */
import { useEffect } from "react";
import { CircleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { config } from "../stores/config";
import { loadShare, usePublicShare } from "../stores/public-share";
import { parseShareRoute } from "../stores/public-share-rules";
import { shareLinkUrl } from "../api/public-urls";
import { useTitle } from "../hooks/useTitle";
import { Logo } from "../components/layout/Logo";
import { LoadingView } from "../components/common/LoadingView";
import { ShareSummary } from "../components/share/ShareSummary";
import { ShareListing } from "../components/share/ShareListing";
import { SharePreview } from "../components/share/SharePreview";
import { ShareFileView } from "../components/share/ShareFileView";
import { SharePasswordForm } from "../components/share/SharePasswordForm";
import { ShareUploadArea } from "../components/share/ShareUploadArea";

function Unavailable() {
  const { t } = useTranslation();
  return (
    <div className="share-unavailable" role="alert">
      <CircleAlert size={48} aria-hidden className="error-icon" />
      <h1>{t("sharePage.unavailable")}</h1>
    </div>
  );
}

function ShareContent() {
  const { t } = useTranslation();
  const { hash, sub, status, item, preview, previewText } = usePublicShare();
  if (status === "unavailable") return <Unavailable />;
  if (status === "password") return <SharePasswordForm />;
  if (!item) return <LoadingView />;
  if (item.uploadOnly) return <ShareUploadArea hash={hash} name={item.name} />;
  return (
    <>
      <ShareSummary
        item={item}
        hash={hash}
        sub={sub}
        link={shareLinkUrl(window.location.origin, config.baseURL, hash)}
      />
      {item.isDir && <ShareListing folder={item} hash={hash} sub={sub} />}
      {!item.isDir && (
        <section className="share-view" aria-label={t("sharePage.preview", { name: item.name })}>
          <ShareFileView file={item} hash={hash} sub="/" text={preview ? null : previewText} />
        </section>
      )}
      {preview && <SharePreview file={preview} hash={hash} text={previewText} />}
    </>
  );
}

/** The page of the share route in the address bar. */
export function SharePage() {
  const [location] = useLocation();
  const { item, status } = usePublicShare();
  useTitle(status === "ready" && item ? item.name : "");
  useEffect(() => {
    // The raw pathname, decoded once per segment here: wouter's location is already partly decoded.
    const { hash, sub } = parseShareRoute(window.location.pathname, config.baseURL);
    void loadShare(hash, sub);
  }, [location]);
  return (
    <div className="share-page">
      <div className="share-brand">
        <Logo size={24} />
        <span>{config.name}</span>
      </div>
      <main className="share-main">
        <ShareContent />
      </main>
    </div>
  );
}
