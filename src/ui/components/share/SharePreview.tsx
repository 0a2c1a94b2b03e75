/**
 * @module A file of a shared folder, previewed over the page on a native modal <dialog> (Esc and focus from the
 * browser): images, video and audio inline, text in a <pre>, anything else a download button.
 */
import { useEffect, useRef } from "react";
import { Download, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Resource } from "../../../shared/wire/resource";
import { publicDownloadUrl, publicInlineUrl } from "../../api/public-urls";
import { itemSubPath, previewKind } from "../../stores/public-share-rules";
import { closeSharePreview, type PreviewText } from "../../stores/public-share";
import { FileIcon } from "../listing/FileIcon";
import { LoadingView } from "../common/LoadingView";
import { FileCard } from "../preview/DownloadCard";

function Body({ file, hash, text }: { file: Resource; hash: string; text: PreviewText | null }) {
  const { t } = useTranslation();
  const src = publicInlineUrl(hash, itemSubPath(file));
  const kind = previewKind(file);
  if (kind === "image") return <img className="preview-image" src={src} alt={file.name} />;
  if (kind === "video") return <video className="preview-video" src={src} controls aria-label={file.name} />;
  if (kind === "audio") {
    return (
      <div className="preview-card">
        <FileIcon isDir={false} type="audio" name={file.name} size={72} />
        <h2>{file.name}</h2>
        <audio className="preview-audio" src={src} controls aria-label={file.name} />
      </div>
    );
  }
  if (kind === "text" && text?.status === "ready") {
    return (
      <pre className="preview-text" tabIndex={0} aria-label={t("sharePage.textContent", { name: file.name })}>
        {text.text}
      </pre>
    );
  }
  if (kind === "text" && text?.status !== "failed") return <LoadingView />;
  return (
    <FileCard file={file} href={publicDownloadUrl(hash, itemSubPath(file))} label={t("sharePage.download")}>
      <p className="muted">{t(kind === "text" ? "sharePage.textFailed" : "sharePage.noPreview")}</p>
    </FileCard>
  );
}

/** The preview of `file` (a listed file of share `hash`); closing clears it in the store. */
export function SharePreview({ file, hash, text }: { file: Resource; hash: string; text: PreviewText | null }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    // The dialog leaves the page on close, so the browser cannot give focus back itself: back to the file's row.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (el && !el.open) el.showModal();
    return () => {
      el?.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="preview share-preview"
      aria-label={t("sharePage.preview", { name: file.name })}
      onCancel={(e) => {
        e.preventDefault();
        closeSharePreview();
      }}
    >
      <div className="preview-bar">
        <button type="button" className="icon-btn" onClick={closeSharePreview} aria-label={t("sharePage.close")} title={t("sharePage.close")}>
          <X size={22} aria-hidden />
        </button>
        <span className="preview-name">{file.name}</span>
        <a className="icon-btn" href={publicDownloadUrl(hash, itemSubPath(file))} download aria-label={t("sharePage.download")} title={t("sharePage.download")}>
          <Download size={22} aria-hidden />
        </a>
      </div>
      <div className="preview-stage" key={file.path}>
        <Body file={file} hash={hash} text={text} />
      </div>
    </dialog>
  );
}
