/**
 * @module The folder listing (docs/product.md "Listing"): list or mosaic, sections, selection, open, drag to move, drop
 * to upload.
 */
import { useCallback, useEffect, useMemo, useRef, type MouseEvent } from "react";
import { CloudUpload, FolderOpen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import type { Resource } from "../../api/resources";
import type { Sorting } from "../../auth/token";
import { useAuth } from "../../stores/auth";
import { toggleTaskPanel } from "../../stores/layout";
import { clearSelection, pressItem, pruneSelection, useSelection } from "../../stores/selection";
import { useClipboard } from "../../stores/clipboard";
import { sortBy, showMore, useListingView } from "../../stores/listing-view";
import { filesRoute } from "../../format/encode-path";
import { useInfiniteSlice } from "../../hooks/useInfiniteSlice";
import { ListingToolbar } from "./ListingToolbar";
import { ListingHeader } from "./ListingHeader";
import { ListingItem } from "./ListingItem";
import { ListingSection } from "./ListingSection";
import { ListingContextMenu } from "./ListingContextMenu";
import { ListingActionSheet } from "./ListingActionSheet";
import { useDropUpload } from "./useDropUpload";
import { useItemDrag } from "./useItemDrag";
import { useListingOrder, effectiveSorting } from "./useListingOrder";
import { useMosaicColumns } from "./useMosaicColumns";
import { thumbnailWidth } from "../../stores/listing-layout";
import { useScrollMemory } from "./useScrollMemory";
import { BackToTop } from "./BackToTop";
import { folderPrefix, useMediaToken } from "../../stores/media-tokens";

/** The next page of the listing is added this close to the bottom (rootMargin): scrolling goes on without a stop. */
const LISTING_MORE_MARGIN = "0px 0px 50% 0px";
/** Listing thumbnails are square-ish boxes this wide in the list view, px (listing.css `.thumb`). */
const LIST_THUMB_PX = 36;

/** Renders a folder's content and handles pointer interaction with it. */
export function Listing({ listing }: { listing: Resource }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const { user } = useAuth();
  const canExecute = Boolean(user && (user.perm.admin || user.perm.execute));
  const token = useMediaToken(folderPrefix(listing.path));
  const { selected, multiple } = useSelection();
  const view = useListingView();
  const clip = useClipboard();
  // The pointer of the last press: a finger's (or pen's) tap opens, a mouse click selects (see clickIntent).
  const pointer = useRef("mouse");
  const itemsRef = useRef<HTMLDivElement>(null);
  const sorting = effectiveSorting(view.sorting as Sorting | null, listing, user?.sorting as Sorting | undefined);
  const viewMode = view.viewMode ?? user?.viewMode ?? "list";
  const mosaic = viewMode === "mosaic";
  const items = listing.items ?? [];
  const { dirs, files, order, shownDirs, shownFiles } = useListingOrder(items, sorting, view.shown);
  const { columns, cardWidth } = useMosaicColumns(itemsRef, mosaic && items.length > 0);
  // Thumbnails at the box's device-pixel width (0 until the mosaic is measured: no request at a wrong size).
  const thumbWidth = mosaic
    ? cardWidth > 0
      ? thumbnailWidth(cardWidth, window.devicePixelRatio)
      : 0
    : thumbnailWidth(LIST_THUMB_PX, window.devicePixelRatio);
  const sentinel = useInfiniteSlice(dirs.length + files.length, view.shown, showMore, LISTING_MORE_MARGIN);
  const drag = useItemDrag(Boolean(user?.perm.admin || user?.perm.rename));
  const drop = useDropUpload(listing.path, Boolean(user?.perm.admin || user?.perm.create));
  const dropName = drop.folder
    ? (items.find((i) => i.path === drop.folder)?.name ?? drop.folder)
    : listing.name || t("files.home");
  useScrollMemory(listing.path);
  useEffect(() => pruneSelection(order), [order]);

  const open = useCallback((item: Resource) => navigate(filesRoute(item.path)), [navigate]);
  const onSelect = useCallback(
    (item: Resource, e: MouseEvent) => {
      const press = {
        touch: pointer.current !== "mouse",
        singleClick: Boolean(user?.singleClick),
        ctrl: e.ctrlKey || e.metaKey,
        shift: e.shiftKey,
      };
      if (pressItem(item.path, { ...press, toggle: (e.target as Element).closest(".item-check") !== null }, order))
        open(item);
    },
    [order, open, user?.singleClick],
  );
  const focusPath = selected[selected.length - 1] ?? order[0];
  // Sets: a selection or a cut can hold the whole folder (100,000 entries), each rendered row asks.
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const cutSet = useMemo(() => new Set(clip.mode === "cut" ? clip.paths : []), [clip.mode, clip.paths]);
  // `offset`: folders come first in the listbox, so a file's place counts the folders before it.
  const row = (offset: number) => (item: Resource, index: number) => (
    <ListingItem
      key={item.path}
      item={item}
      position={offset + index + 1}
      setSize={order.length}
      selected={selectedSet.has(item.path)}
      cut={cutSet.has(item.path)}
      focusable={item.path === focusPath}
      token={token}
      thumbWidth={thumbWidth}
      dropTarget={drop.over && drop.folder === item.path}
      lang={i18n.language}
      mosaic={mosaic}
      drag={drag}
      onSelect={onSelect}
      onOpen={open}
    />
  );
  const section = (id: string, title: string, list: Resource[], offset: number) => (
    <ListingSection
      id={id}
      title={title}
      items={list}
      mosaic={mosaic}
      columns={columns}
      reveal={view.reveal}
      renderItem={row(offset)}
    />
  );

  // Checkboxes show while selecting: in the Select mode, and on touch screens while something is selected.
  const selecting = multiple ? " is-selecting" : selected.length > 0 ? " has-selection" : "";
  return (
    <>
      <ListingContextMenu listing={listing}>
        <section
          className={`listing${drop.over ? " drag-over" : ""}${mosaic ? " is-mosaic" : ""}${selecting}`}
          aria-label={t("files.listing")}
          {...drop.handlers}
          onPointerDownCapture={(e) => (pointer.current = e.pointerType)}
          onClick={(e) => {
            // A click on empty space (not on an item or a control) clears the selection, as in desktop file managers.
            if (!(e.target as Element).closest(".item, button, a")) clearSelection();
          }}
          onDoubleClick={(e) => {
            // docs/product.md "Task panel": a double-click on empty space toggles it (for users with execute).
            if (canExecute && !(e.target as Element).closest(".item, button, a, input")) toggleTaskPanel();
          }}
        >
          <ListingToolbar path={listing.path} viewMode={viewMode} />
          {items.length === 0 ? (
            <div className="empty-state">
              <FolderOpen size={56} aria-hidden />
              <h2>{t("files.empty")}</h2>
              {user?.perm.create && <p className="muted">{t("files.emptyHint")}</p>}
            </div>
          ) : (
            <>
              <ListingHeader sorting={sorting} onSort={(by) => sortBy(by, sorting, user?.id ?? null)} />
              <div
                ref={itemsRef}
                role="listbox"
                aria-label={t("files.items")}
                aria-multiselectable
                className={`items${mosaic ? " mosaic" : ""}`}
              >
                {section("section-folders", t("files.folders"), shownDirs, 0)}
                {section("section-files", t("files.files"), shownFiles, dirs.length)}
              </div>
              <div ref={sentinel} className="sentinel" />
            </>
          )}
          <BackToTop />
          {drop.over && (
            <div className={`drop-overlay${drop.folder ? " onto-folder" : ""}`} aria-hidden>
              <div className="drop-label">
                <CloudUpload size={20} />
                <span>{t("upload.dropHere", { folder: dropName })}</span>
              </div>
            </div>
          )}
        </section>
      </ListingContextMenu>
      <ListingActionSheet listing={listing} />
    </>
  );
}
