/**
 * @module The preview content by type (docs/product.md "Preview"), one view per kind of preview-kind.ts; for a user
 * without the download permission, as preview-access.ts allows (docs/security.md "Download permission").
 */
import { useTranslation } from "react-i18next";
import type { Resource } from "../../api/resources";
import { inlineUrl } from "../../api/urls";
import { previewKind } from "./preview-kind";
import { DownloadCard, NeedsDownloadCard } from "./DownloadCard";
import { HlsVideoPreview } from "./HlsVideoPreview";
import { holdsDownload, previewAccess } from "./preview-access";
import { useAuth } from "../../stores/auth";
import { config } from "../../stores/config";
import { ImagePreview } from "./ImagePreview";
import { AudioPreview } from "./AudioPreview";
import { VideoPreview } from "./VideoPreview";
import { NfoPreview } from "./NfoPreview";
import { ArchivePreview } from "./ArchivePreview";
import { MarkdownPreview } from "./MarkdownPreview";
import { TorrentPreview } from "./TorrentPreview";
import { LoadingView } from "../common/LoadingView";
import { FirmwarePreview } from "./FirmwarePreview";

/** Shows one file for viewing; `key` it by path so media elements restart on a new file. */
export function PreviewBody({ file, token }: { file: Resource; token: string }) {
  const { t } = useTranslation();
  const canDownload = holdsDownload(useAuth().user);
  const kind = previewKind(file);
  const access = previewAccess(
    { kind, size: file.size, hasContent: file.content !== undefined },
    { canDownload, hlsOffered: !config.video.disableHls },
  );
  if (access === "needsDownload") return <NeedsDownloadCard file={file} />;
  const src = inlineUrl(file.path, token);
  switch (kind) {
    case "image":
      return <ImagePreview file={file} token={token} />;
    case "video":
      return access === "hls" ? (
        <HlsVideoPreview file={file} token={token} />
      ) : (
        <VideoPreview file={file} token={token} />
      );
    case "audio":
      return <AudioPreview file={file} token={token} />;
    case "pdf":
      // The viewer loads its URL once: it waits for the media token rather than load a refusal first.
      if (!token) return <LoadingView label={t("app.loading")} />;
      return (
        <object className="preview-pdf" data={src} type="application/pdf" aria-label={file.name}>
          <iframe className="preview-pdf" src={src} title={file.name} />
        </object>
      );
    case "nfo":
      return <NfoPreview file={file} token={token} />;
    case "markdown":
      return <MarkdownPreview file={file} token={token} />;
    case "archive":
      return <ArchivePreview file={file} token={token} />;
    case "torrent":
      return <TorrentPreview file={file} token={token} />;
    case "firmware":
      return <FirmwarePreview file={file} token={token} />;
    case "text":
      return (
        <pre className="preview-text" tabIndex={0} aria-label={t("preview.textContent", { name: file.name })}>
          {file.content}
        </pre>
      );
    default:
      return <DownloadCard file={file} token={token} />;
  }
}
