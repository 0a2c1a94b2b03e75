/**
 * @module The editor's 'Preview markdown' button of .md and .markdown files (docs/product.md "Markdown": markdown opens
 * rendered, in the app): goes back to the rendered view of the file, for users with the download permission only
 * (the server renders the page for them only, docs/product.md "Roles and permissions").
 */
import { BookOpen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { useAuth } from "../../../stores/auth";
import { filesRoute } from "../../../format/encode-path";
import { holdsDownload } from "../preview-access";

export { isMarkdownName } from "../../../stores/editor-rules";

/** The button for the markdown file at `path`; nothing without the download permission. */
export function MarkdownPageButton({ path, className = "btn" }: { path: string; className?: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { user } = useAuth();
  if (!holdsDownload(user)) return null;
  return (
    <button
      type="button"
      className={`${className} markdown-page-btn`}
      title={t("preview.markdown.open")}
      onClick={() => navigate(filesRoute(path))}
    >
      <BookOpen size={18} aria-hidden />
      <span>{t("preview.markdown.open")}</span>
    </button>
  );
}
