/** @module Markdown preview (SPEC §2 Preview, §7: the rendered page opens in a new window). */
import { useTranslation } from "react-i18next";
import type { Resource } from "../../api/resources";
import { DownloadCard } from "./DownloadCard";

/** Shows the markdown file `file`: its text when the server sent it, else a download card. */
export function MarkdownPreview({ file, token }: { file: Resource; token: string }) {
  const { t } = useTranslation();
  if (file.content === undefined) return <DownloadCard file={file} token={token} />;
  return (
    <pre className="preview-text" tabIndex={0} aria-label={t("preview.textContent", { name: file.name })}>
      {file.content}
    </pre>
  );
}
