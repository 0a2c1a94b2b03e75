/**
 * @module The 'Preview markdown' button of .md and .markdown files (SPEC §6 download, §7 `preview=markdown&auth=`):
 * opens the server-rendered page in a new window, for users with the download permission only.
 */
import { BookOpen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { markdownPageUrl } from "../../../api/media";
import { useAuth } from "../../../stores/auth";
import { folderPrefix, useMediaToken } from "../../../stores/media-tokens";

/** True for the names that have a markdown preview page (the server's rule: .md and .markdown). */
export function isMarkdownName(name: string): boolean {
  return /\.(md|markdown)$/i.test(name);
}

/** The button for the markdown file at `path`; nothing without the download permission. */
export function MarkdownPageButton({ path, className = "btn" }: { path: string; className?: string }) {
  const { user } = useAuth();
  if (!user || !(user.perm.admin || user.perm.download)) return null;
  return <OpenMarkdownPage path={path} className={className} />;
}

function OpenMarkdownPage({ path, className }: { path: string; className: string }) {
  const { t } = useTranslation();
  // The page is a plain navigation, so its URL carries a read-only media token of the folder (never the login token).
  const token = useMediaToken(folderPrefix(path));
  const open = () => window.open(markdownPageUrl(path, token), "_blank", "noopener");
  return (
    <button type="button" className={`${className} markdown-page-btn`} aria-label={t("preview.markdown.open")} title={t("preview.markdown.open")} disabled={!token} onClick={open}>
      <BookOpen size={18} aria-hidden />
      <span>{t("preview.markdown.open")}</span>
    </button>
  );
}
