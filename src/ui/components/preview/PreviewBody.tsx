/** @module The preview content by type (SPEC §2 Preview "By type"), one view per kind of preview-kind.ts. */
import { useTranslation } from "react-i18next";
import type { Resource } from "../../api/resources";
import { inlineUrl } from "../../api/urls";
import { previewKind } from "./preview-kind";
import { DownloadCard } from "./DownloadCard";
import { ImagePreview } from "./ImagePreview";
import { AudioPreview } from "./AudioPreview";
import { VideoPreview } from "./VideoPreview";
import { NfoPreview } from "./NfoPreview";
import { ArchivePreview } from "./ArchivePreview";
import { MarkdownPreview } from "./MarkdownPreview";
import { TorrentPreview } from "./TorrentPreview";
import { FirmwarePreview } from "./FirmwarePreview";

/** Shows one file for viewing; `key` it by path so media elements restart on a new file. */
export function PreviewBody({ file, token }: { file: Resource; token: string }) {
  const { t } = useTranslation();
  const src = inlineUrl(file.path, token);
  switch (previewKind(file)) {
    case "image":
      return <ImagePreview file={file} token={token} />;
    case "video":
      return <VideoPreview file={file} token={token} />;
    case "audio":
      return <AudioPreview file={file} token={token} />;
    case "pdf":
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
