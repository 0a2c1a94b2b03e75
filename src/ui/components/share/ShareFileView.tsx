/**
 * @module A shared file shown to a visitor as the owner's preview shows it (docs/product.md "Preview"), every
 * request through the link: the image with zoom, the video player, the audio player, the PDF, rendered markdown
 * (a sandboxed page of the server), text; anything else a download card.
 */
import { useTranslation } from "react-i18next";
import type { Resource } from "../../../shared/wire/resource";
import { publicDownloadUrl, publicInlineUrl, publicMediaUrl } from "../../api/public-urls";
import { previewKind } from "../../stores/public-share-rules";
import type { PreviewText } from "../../stores/public-share";
import { FileIcon } from "../listing/FileIcon";
import { LoadingView } from "../common/LoadingView";
import { FileCard } from "../preview/DownloadCard";
import { ShareImage } from "./ShareImage";
import { ShareVideo } from "./ShareVideo";
import { config } from "../../stores/config";

/**
 * The file at `sub` ("/" for the shared file itself) of share `hash`; `text` is a text file's loaded content,
 * `onSwipe` hears a swipe on an image (the folder's photo viewer).
 */
export function ShareFileView({
  file,
  hash,
  sub,
  text = null,
  onSwipe,
}: {
  file: Resource;
  hash: string;
  sub: string;
  text?: PreviewText | null;
  onSwipe?: (by: 1 | -1) => void;
}) {
  const { t } = useTranslation();
  const src = publicInlineUrl(hash, sub);
  const kind = previewKind(file);
  switch (kind) {
    case "image":
      return <ShareImage src={src} name={file.name} onSwipe={onSwipe} />;
    case "video":
      // The Video settings may turn the preview off: then the download card, as for the owner.
      if (!config.video.disablePreview) return <ShareVideo file={file} hash={hash} sub={sub} />;
      break;
    case "audio":
      return (
        <div className="preview-card share-audio">
          <FileIcon isDir={false} type="audio" name={file.name} size={72} />
          <audio className="preview-audio" src={src} controls preload="metadata" aria-label={file.name} />
        </div>
      );
    case "pdf":
      return (
        <object className="preview-pdf" data={src} type="application/pdf" aria-label={file.name}>
          <iframe className="preview-pdf" src={src} title={file.name} />
        </object>
      );
    case "markdown":
      // The server's page has no script and its own CSP; the frame's sandbox keeps it from the share page too.
      return (
        <iframe
          className="share-markdown"
          src={publicMediaUrl(hash, sub, "markdown")}
          title={file.name}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
        />
      );
    case "text":
      if (text?.status === "ready") {
        return (
          <pre className="preview-text" tabIndex={0} aria-label={t("sharePage.textContent", { name: file.name })}>
            {text.text}
          </pre>
        );
      }
      if (text?.status !== "failed") return <LoadingView />;
  }
  return (
    <FileCard file={file} href={publicDownloadUrl(hash, sub)} label={t("sharePage.download")}>
      <p className="muted">{t(kind === "text" ? "sharePage.textFailed" : "sharePage.noPreview")}</p>
    </FileCard>
  );
}
