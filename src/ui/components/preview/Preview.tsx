/** @module File preview screen (SPEC §2 Preview): bar with close, name, previous/next, rename, delete, download, info, link. */
import { useMemo, useRef, type ReactNode } from "react";
import { ChevronLeft, ChevronRight, Download, Info, Link2, Pencil, Trash, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import type { Resource } from "../../api/resources";
import type { Sorting } from "../../auth/token";
import { useAuth } from "../../stores/auth";
import { useListingView } from "../../stores/listing-view";
import { showPrompt, useLayout } from "../../stores/layout";
import { useRequest } from "../../stores/request";
import { downloadFile } from "../../stores/download";
import { runMenuAction } from "../../stores/menu-actions";
import { filesRoute, parentPath } from "../../format/encode-path";
import { useShortcuts } from "../../keyboard/useShortcuts";
import { displayOrder, effectiveSorting } from "../listing/useListingOrder";
import { neighbours } from "./siblings";
import { PreviewBody } from "./PreviewBody";
import { folderPrefix, useMediaToken } from "../../stores/media-tokens";
import { useDeletedPaths } from "../../stores/preview-deleted";

/** Shows `file`; `listing` is its folder (for previous/next), when known. */
export function Preview({ file, listing }: { file: Resource; listing: Resource | null }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { user } = useAuth();
  const token = useMediaToken(folderPrefix(file.path));
  const { prompt } = useLayout();
  const { loading } = useRequest();
  const view = useListingView();
  const sorting = effectiveSorting(view.sorting as Sorting | null, listing);
  const deletedPaths = useDeletedPaths();
  const { prev, next, position, count } = useMemo(() => {
    if (!listing || listing.path !== parentPath(file.path)) return { prev: null, next: null, position: 0, count: 0 };
    // Images deleted from the preview stay in this listing until it is fetched again: skip them.
    const items = (listing.items ?? []).filter((i) => i.path === file.path || !deletedPaths.includes(i.path));
    const { dirs, files } = displayOrder(items, sorting);
    return neighbours([...dirs, ...files], file.path);
  }, [listing, file.path, sorting.by, sorting.asc, deletedPaths]);
  const deleted = deletedPaths.includes(file.path);
  // SPEC §2 Preview: a deleted image shows a placeholder, then the preview moves to the next (or previous) one.
  const afterDelete = file.type === "image" ? (next ?? prev)?.path : undefined;
  const can = (p: "download" | "rename" | "delete") => Boolean(user && (user.perm.admin || user.perm[p]));
  const close = () => navigate(filesRoute(parentPath(file.path)));
  const go = (to: Resource | null) => to && navigate(filesRoute(to.path), { replace: true });
  const rename = () => showPrompt({ kind: "rename", path: file.path });
  const info = () => showPrompt({ kind: "info", paths: [file.path] });
  const stage = useRef<HTMLDivElement>(null);
  // SPEC §2 Preview: f or Enter shows the file full screen (the browser may refuse; nothing else to do then).
  const fullscreen = () => void stage.current?.requestFullscreen?.().catch(() => {});
  useShortcuts(
    { view: "preview", promptOpen: prompt !== null, selectedCount: 0, canDelete: false, canRename: can("rename"), canDownload: can("download"), loading },
    { closePreview: close, previewPrev: () => go(prev), previewNext: () => go(next), download: () => downloadFile(file.path), rename, previewInfo: info, previewFullscreen: fullscreen },
  );
  const button = (label: string, icon: ReactNode, onClick: () => void, disabled = false) => (
    <button type="button" className="icon-btn" aria-label={label} title={label} disabled={disabled} onClick={onClick}>
      {icon}
    </button>
  );
  return (
    <div className="preview" role="region" aria-label={t("preview.label")}>
      <div className="preview-bar">
        {button(t("preview.close"), <X aria-hidden />, close)}
        <h1 className="preview-name" title={file.name}>
          {file.name}
        </h1>
        {count > 1 && <span className="preview-position">{t("preview.position", { position, count })}</span>}
        {button(t("preview.previous"), <ChevronLeft aria-hidden />, () => go(prev), !prev)}
        {button(t("preview.next"), <ChevronRight aria-hidden />, () => go(next), !next)}
        {can("rename") && button(t("preview.rename"), <Pencil aria-hidden />, rename)}
        {can("delete") && button(t("preview.delete"), <Trash aria-hidden />, () => showPrompt({ kind: "delete", paths: [file.path], then: afterDelete }))}
        {can("download") && button(t("preview.download"), <Download aria-hidden />, () => downloadFile(file.path))}
        {button(t("preview.info"), <Info aria-hidden />, info)}
        {can("download") && button(t("preview.externalLink"), <Link2 aria-hidden />, () => void runMenuAction("copyLink", [file]))}
      </div>
      <div className="preview-stage" ref={stage}>
        {deleted ? (
          <p className="preview-deleted" role="status">
            {t("preview.deleted", { name: file.name })}
          </p>
        ) : (
          <PreviewBody key={file.path} file={file} token={token} />
        )}
      </div>
    </div>
  );
}
