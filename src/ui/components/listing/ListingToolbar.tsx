/**
 * @module Listing toolbar: breadcrumbs, the hidden-file toggle and the list/mosaic switch (docs/product.md "Listing").
 */
import { Eye, EyeOff, LayoutGrid, List } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../stores/auth";
import { setShowHidden, setViewMode, useListingView, type ViewMode } from "../../stores/listing-view";
import { Breadcrumbs } from "./Breadcrumbs";

/** The row above the items. */
export function ListingToolbar({ path, viewMode }: { path: string; viewMode: ViewMode }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const view = useListingView();
  const showHidden = view.showHidden ?? user?.showHidden ?? false;
  const userId = user?.id ?? null;
  return (
    <div className="listing-toolbar">
      <Breadcrumbs path={path} />
      <div className="view-controls" role="group" aria-label={t("files.viewOptions")}>
        <button
          type="button"
          className="icon-btn"
          aria-pressed={showHidden}
          aria-label={t("files.showHidden")}
          title={t("files.showHidden")}
          onClick={() => void setShowHidden(!showHidden, userId)}
        >
          {showHidden ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
        </button>
        <div className="segmented">
          <button
            type="button"
            className="icon-btn"
            aria-pressed={viewMode === "list"}
            aria-label={t("files.listView")}
            title={t("files.listView")}
            onClick={() => void setViewMode("list", userId)}
          >
            <List aria-hidden />
          </button>
          <button
            type="button"
            className="icon-btn"
            aria-pressed={viewMode === "mosaic"}
            aria-label={t("files.mosaicView")}
            title={t("files.mosaicView")}
            onClick={() => void setViewMode("mosaic", userId)}
          >
            <LayoutGrid aria-hidden />
          </button>
        </div>
      </div>
    </div>
  );
}
