/**
 * @module File preview screen (docs/product.md "Preview"): bar with close, name, previous/next (non-images), rename,
 * delete, image-process, play related video, download, info, link; the content below it.
 */
import { useMemo, useRef, type ReactNode } from "react";
import { ChevronLeft, ChevronRight, Download, Info, Link2, Pencil, Trash, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import type { Resource } from "../../api/resources";
import { useAuth } from "../../stores/auth";
import { showPrompt, useLayout } from "../../stores/layout";
import { useCurrentResource } from "../../stores/current-resource";
import { downloadFile } from "../../stores/download";
import { runMenuAction } from "../../stores/menu-actions";
import { filesRoute } from "../../format/encode-path";
import { useShortcuts } from "../../keyboard/useShortcuts";
import { routedNeighbours } from "./siblings";
import { PreviewBody } from "./PreviewBody";
import { previewKind } from "./preview-kind";
import { ImageBarActions } from "./ImageBarActions";
import { galleryControl } from "./gallery/gallery-control";
import { videoKeyHandlers } from "./video/video-keys";
import { usePreviewClose } from "./usePreviewClose";
import { usePreviewSiblings } from "./usePreviewSiblings";
import { folderPrefix, useMediaToken } from "../../stores/media-tokens";
import { useDeletedPaths } from "../../stores/preview-deleted";
import { config } from "../../stores/config";

/** Shows `file`; `listing` is its folder (for previous/next), when known. */
export function Preview({ file, listing }: { file: Resource; listing: Resource | null }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { user } = useAuth();
  const token = useMediaToken(folderPrefix(file.path));
  const { prompt } = useLayout();
  const { loading, path: routed } = useCurrentResource();
  const siblings = usePreviewSiblings(file, listing);
  // Previous/next move from the routed file: a key pressed again before the next file has loaded moves on from it.
  const { prev, next, position, count } = useMemo(
    () => routedNeighbours(siblings, file.path, routed),
    [siblings, file.path, routed],
  );
  const deleted = useDeletedPaths().includes(file.path);
  const image = previewKind(file) === "image";
  const video = previewKind(file) === "video" && !config.video.disablePreview;
  // docs/product.md "Image gallery": a deleted image shows a placeholder, then the preview moves to the next (or
  // previous) one.
  const afterDelete = image ? (next ?? prev)?.path : undefined;
  const can = (p: "download" | "rename" | "delete") => Boolean(user && (user.perm.admin || user.perm[p]));
  const close = usePreviewClose(file);
  const go = (to: Resource | null) => to && navigate(filesRoute(to.path), { replace: true });
  const rename = () => showPrompt({ kind: "rename", path: file.path });
  const info = () => showPrompt({ kind: "info", paths: [file.path] });
  const stage = useRef<HTMLDivElement>(null);
  // docs/product.md "Other previews": f or Enter shows the file full screen (the browser may refuse; nothing else to do
  // then).
  const fullscreen = () => void stage.current?.requestFullscreen?.().catch(() => {});
  useShortcuts(
    {
      view: "preview",
      promptOpen: prompt !== null,
      selectedCount: 0,
      canDelete: false,
      canRename: can("rename"),
      canDownload: can("download"),
      loading,
      video,
    },
    {
      // Esc leaves a running slideshow (and its full screen) before it closes the preview.
      closePreview: () => (image && galleryControl()?.leaveSlideshow() ? undefined : close()),
      // Images: the gallery moves with its transition once its code is loaded; until then the route moves.
      previewPrev: () => (image && galleryControl() ? galleryControl()!.prev() : go(prev)),
      previewNext: () => (image && galleryControl() ? galleryControl()!.next() : go(next)),
      ...(image
        ? {
            toggleSlideshow: () => galleryControl()?.toggleSlideshow(),
            previewZoomIn: () => galleryControl()?.zoomIn(),
            previewZoomOut: () => galleryControl()?.zoomOut(),
          }
        : {}),
      download: () => downloadFile(file.path),
      rename,
      previewInfo: info,
      previewFullscreen: fullscreen,
      ...(video ? videoKeyHandlers() : {}),
    },
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
        {!image && button(t("preview.previous"), <ChevronLeft aria-hidden />, () => go(prev), !prev)}
        {!image && button(t("preview.next"), <ChevronRight aria-hidden />, () => go(next), !next)}
        {can("rename") && button(t("preview.rename"), <Pencil aria-hidden />, rename)}
        {can("delete") &&
          button(t("preview.delete"), <Trash aria-hidden />, () =>
            showPrompt({ kind: "delete", paths: [file.path], then: afterDelete }),
          )}
        {image && !deleted && <ImageBarActions file={file} siblings={siblings} canRename={can("rename")} />}
        {can("download") && button(t("preview.download"), <Download aria-hidden />, () => downloadFile(file.path))}
        {button(t("preview.info"), <Info aria-hidden />, info)}
        {can("download") &&
          button(t("preview.externalLink"), <Link2 aria-hidden />, () => void runMenuAction("copyLink", [file]))}
      </div>
      <div className="preview-stage" ref={stage}>
        {deleted ? (
          <p className="preview-deleted" role="status">
            {t("preview.deleted", { name: file.name })}
          </p>
        ) : (
          // One gallery for all images of the folder: it stays mounted while its route moves from image to image.
          <PreviewBody key={image ? "image-gallery" : file.path} file={file} token={token} />
        )}
      </div>
    </div>
  );
}
