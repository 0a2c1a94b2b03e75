/** @module Markdown preview (SPEC §2 Preview, §7: the rendered page opens in a new window) for users who cannot edit the file. */
import { useTranslation } from "react-i18next";
import type { Resource } from "../../api/resources";
import { DownloadCard } from "./DownloadCard";
import { MarkdownPageButton } from "./views/MarkdownPageButton";

/** Shows the markdown file `file`: the 'Preview markdown' button over its text, or a download card without the text. */
export function MarkdownPreview({ file, token }: { file: Resource; token: string }) {
  const { t } = useTranslation();
  if (file.content === undefined) {
    return (
      <DownloadCard file={file} token={token}>
        <MarkdownPageButton path={file.path} />
      </DownloadCard>
    );
  }
  return (
    <div className="markdown-preview">
      <div className="markdown-preview-bar">
        <MarkdownPageButton path={file.path} className="btn btn-primary" />
      </div>
      <pre className="preview-text" tabIndex={0} aria-label={t("preview.textContent", { name: file.name })}>
        {file.content}
      </pre>
    </div>
  );
}
