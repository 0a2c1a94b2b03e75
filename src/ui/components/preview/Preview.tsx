/** @module File preview screen (SPEC §2 Preview): bar with close, name, previous/next and download, then the body. */
import { useMemo } from "react";
import { ChevronLeft, ChevronRight, Download, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import type { Resource } from "../../api/resources";
import type { Sorting } from "../../auth/token";
import { useAuth } from "../../stores/auth";
import { useListingView } from "../../stores/listing-view";
import { downloadFile } from "../../stores/operations";
import { filesRoute, parentPath } from "../../format/encode-path";
import { useShortcuts } from "../../keyboard/useShortcuts";
import { displayOrder } from "../listing/Listing";
import { neighbours } from "./siblings";
import { PreviewBody } from "./PreviewBody";

/** Shows `file`; `listing` is its folder (for previous/next), when known. */
export function Preview({ file, listing }: { file: Resource; listing: Resource | null }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { user, token } = useAuth();
  const view = useListingView();
  const sorting = (view.sorting as Sorting | null) ?? (listing?.sorting as Sorting | undefined) ?? { by: "name", asc: true };
  const { prev, next, position, count } = useMemo(() => {
    if (!listing || listing.path !== parentPath(file.path)) return { prev: null, next: null, position: 0, count: 0 };
    const { dirs, files } = displayOrder(listing.items ?? [], sorting);
    return neighbours([...dirs, ...files], file.path);
  }, [listing, file.path, sorting.by, sorting.asc]);
  const close = () => navigate(filesRoute(parentPath(file.path)));
  const go = (to: Resource | null) => to && navigate(filesRoute(to.path), { replace: true });
  const canDownload = Boolean(user?.perm.download);
  useShortcuts(
    { view: "preview", promptOpen: false, selectedCount: 0, canDelete: false },
    { closePreview: close, previewPrev: () => go(prev), previewNext: () => go(next), download: () => canDownload && downloadFile(file.path) },
  );
  return (
    <div className="preview" role="region" aria-label={t("preview.label")}>
      <div className="preview-bar">
        <button type="button" className="icon-btn" aria-label={t("preview.close")} onClick={close}>
          <X aria-hidden />
        </button>
        <h1 className="preview-name" title={file.name}>
          {file.name}
        </h1>
        {count > 1 && <span className="preview-position">{t("preview.position", { position, count })}</span>}
        <button type="button" className="icon-btn" aria-label={t("preview.previous")} disabled={!prev} onClick={() => go(prev)}>
          <ChevronLeft aria-hidden />
        </button>
        <button type="button" className="icon-btn" aria-label={t("preview.next")} disabled={!next} onClick={() => go(next)}>
          <ChevronRight aria-hidden />
        </button>
        {canDownload && (
          <button type="button" className="icon-btn" aria-label={t("preview.download")} onClick={() => downloadFile(file.path)}>
            <Download aria-hidden />
          </button>
        )}
      </div>
      <div className="preview-stage">
        <PreviewBody key={file.path} file={file} token={token ?? ""} />
      </div>
    </div>
  );
}
