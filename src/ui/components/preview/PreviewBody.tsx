/** @module The preview content by type (SPEC §2 Preview): image, video, audio, pdf, text, else a download link. */
import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Resource } from "../../api/resources";
import { downloadUrl, inlineUrl } from "../../api/urls";
import { formatSize } from "../../format/format-size";
import { FileIcon } from "../listing/FileIcon";

function DownloadCard({ file, token }: { file: Resource; token: string }) {
  const { t } = useTranslation();
  return (
    <div className="preview-card">
      <FileIcon isDir={false} type={file.type} size={72} />
      <h2>{file.name}</h2>
      <p className="muted">{formatSize(file.size)}</p>
      <p className="muted">{t("preview.noPreview")}</p>
      <a className="btn btn-primary" href={downloadUrl(file.path, token)} download>
        <Download size={18} aria-hidden /> {t("preview.downloadFile")}
      </a>
    </div>
  );
}

/** Shows one file for viewing; `key` it by path so media elements restart on a new file. */
export function PreviewBody({ file, token }: { file: Resource; token: string }) {
  const { t } = useTranslation();
  const src = inlineUrl(file.path, token);
  if (file.type === "image") return <img className="preview-image" src={src} alt={file.name} />;
  if (file.type === "video") {
    return <video className="preview-video" src={src} controls autoPlay={false} aria-label={file.name} />;
  }
  if (file.type === "audio") {
    return (
      <div className="preview-card">
        <FileIcon isDir={false} type="audio" size={72} />
        <h2>{file.name}</h2>
        <audio className="preview-audio" src={src} controls aria-label={file.name} />
      </div>
    );
  }
  if (file.type === "document" && file.extension.toLowerCase() === ".pdf") {
    return (
      <object className="preview-pdf" data={src} type="application/pdf" aria-label={file.name}>
        <iframe className="preview-pdf" src={src} title={file.name} />
      </object>
    );
  }
  if ((file.type === "text" || file.type === "textImmutable") && file.content !== undefined) {
    return (
      <pre className="preview-text" tabIndex={0} aria-label={t("preview.textContent", { name: file.name })}>
        {file.content}
      </pre>
    );
  }
  return <DownloadCard file={file} token={token} />;
}
