/**
 * @module Markdown preview (docs/product.md "Markdown": markdown opens rendered, with Edit beside it): the rendered
 * page in the app for users with the download permission (the server renders it for them only), the plain text for the
 * others; Edit opens the editor for users who may change the file.
 */
import { FilePen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import type { Resource } from "../../api/resources";
import { markdownPageUrl } from "../../api/media";
import { useAuth } from "../../stores/auth";
import { opensInEditor } from "../../stores/editor-rules";
import { filesRoute } from "../../format/encode-path";
import { DownloadCard } from "./DownloadCard";
import { holdsDownload } from "./preview-access";
import { MarkdownView } from "./views/MarkdownView";

/** Shows the markdown file `file`, its page fetched with the folder's media `token`. */
export function MarkdownPreview({ file, token }: { file: Resource; token: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { user } = useAuth();
  const rendered = holdsDownload(user);
  const editable = opensInEditor(file, user?.perm, true);
  if (file.content === undefined && !rendered) return <DownloadCard file={file} token={token} />;
  return (
    <div className="markdown-preview">
      {editable && (
        <div className="markdown-preview-bar">
          <button
            type="button"
            className="btn btn-primary markdown-edit"
            onClick={() => navigate(`${filesRoute(file.path)}?edit`)}
          >
            <FilePen size={18} aria-hidden />
            <span>{t("preview.markdown.edit")}</span>
          </button>
        </div>
      )}
      {rendered ? (
        // The page's URL carries the folder's media token (its images load with it): it waits for the token.
        token && (
          <MarkdownView
            url={markdownPageUrl(file.path, token)}
            name={file.name}
            openPath={(path) => navigate(filesRoute(path))}
          />
        )
      ) : (
        <pre className="preview-text" tabIndex={0} aria-label={t("preview.textContent", { name: file.name })}>
          {file.content}
        </pre>
      )}
    </div>
  );
}
