/** @module The folder listing (SPEC §2 Listing): columns, Folders and Files sections, selection, open, drop upload. */
import { useCallback, useEffect, useMemo, useRef, type MouseEvent } from "react";
import { CloudUpload, FolderOpen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import type { Resource } from "../../api/resources";
import type { Sorting } from "../../auth/token";
import { useAuth } from "../../stores/auth";
import { clearSelection, clickItem, pruneSelection, useSelection } from "../../stores/selection";
import { sortBy, showMore, useListingView, resetShown } from "../../stores/listing-view";
import { sortItems } from "../../stores/sort-items";
import { filesRoute } from "../../format/encode-path";
import { useDoubleTap } from "../../hooks/useDoubleTap";
import { Breadcrumbs } from "./Breadcrumbs";
import { ListingHeader } from "./ListingHeader";
import { ListingItem } from "./ListingItem";
import { useDropUpload } from "./useDropUpload";
import { BackToTop } from "./BackToTop";

const DEFAULT_SORTING: Sorting = { by: "name", asc: true };

/** Items in display order: sorted folders, then sorted files. */
export function displayOrder(items: readonly Resource[], sorting: Sorting): { dirs: Resource[]; files: Resource[] } {
  const sorted = sortItems(items, sorting);
  return { dirs: sorted.filter((i) => i.isDir), files: sorted.filter((i) => !i.isDir) };
}

/** Renders a folder's content and handles pointer interaction with it. */
export function Listing({ listing }: { listing: Resource }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const { user, token } = useAuth();
  const { selected } = useSelection();
  const view = useListingView();
  const tap = useDoubleTap();
  const sentinel = useRef<HTMLDivElement>(null);
  const fallback = (listing.sorting as Sorting | undefined) ?? (user?.sorting as Sorting | undefined) ?? DEFAULT_SORTING;
  const sorting = (view.sorting as Sorting | null) ?? fallback;
  const items = listing.items ?? [];
  const { dirs, files } = useMemo(() => displayOrder(items, sorting), [items, sorting.by, sorting.asc]);
  const shownDirs = dirs.slice(0, view.shown);
  const shownFiles = files.slice(0, Math.max(0, view.shown - dirs.length));
  const order = useMemo(() => [...dirs, ...files].map((i) => i.path), [dirs, files]);
  const { over, handlers } = useDropUpload(listing.path, () => items.map((i) => i.name), Boolean(user?.perm.create), t("upload.noFolders"));

  useEffect(() => resetShown(), [listing.path]);
  useEffect(() => pruneSelection(order), [order]);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || dirs.length + files.length <= view.shown) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && showMore());
    io.observe(el);
    return () => io.disconnect();
  }, [dirs.length, files.length, view.shown]);

  const open = useCallback((item: Resource) => navigate(filesRoute(item.path)), [navigate]);
  const onSelect = useCallback(
    (path: string, e: MouseEvent) => clickItem(path, { ctrl: e.ctrlKey || e.metaKey, shift: e.shiftKey }, order),
    [order],
  );
  const onTap = useCallback(
    (item: Resource, e: MouseEvent) => {
      const touch = (e.nativeEvent as PointerEvent).pointerType === "touch";
      if (user?.singleClick || (touch && tap(item.path))) {
        open(item);
        return true;
      }
      return false;
    },
    [user?.singleClick, open, tap],
  );
  const focusPath = selected[selected.length - 1] ?? order[0];
  const row = (item: Resource) => (
    <ListingItem
      key={item.path}
      item={item}
      selected={selected.includes(item.path)}
      focusable={item.path === focusPath}
      token={token ?? ""}
      lang={i18n.language}
      onSelect={onSelect}
      onOpen={open}
      onTap={onTap}
    />
  );

  return (
    <section
      className={`listing${over ? " drag-over" : ""}`}
      aria-label={t("files.listing")}
      {...handlers}
      onClick={(e) => {
        // A click on empty space (not on an item or a control) clears the selection, as in desktop file managers.
        if (!(e.target as Element).closest(".item, button, a")) clearSelection();
      }}
    >
      <Breadcrumbs path={listing.path} />
      {items.length === 0 ? (
        <div className="empty-state">
          <FolderOpen size={56} aria-hidden />
          <h2>{t("files.empty")}</h2>
          {user?.perm.create && <p className="muted">{t("files.emptyHint")}</p>}
        </div>
      ) : (
        <>
          <ListingHeader sorting={sorting} onSort={(by) => sortBy(by, sorting, user?.id ?? null)} />
          <div role="listbox" aria-label={t("files.items")} aria-multiselectable className="items">
            {shownDirs.length > 0 && (
              <div role="group" aria-labelledby="section-folders" className="section">
                <div id="section-folders" className="section-title" role="presentation">
                  {t("files.folders")}
                </div>
                {shownDirs.map(row)}
              </div>
            )}
            {shownFiles.length > 0 && (
              <div role="group" aria-labelledby="section-files" className="section">
                <div id="section-files" className="section-title" role="presentation">
                  {t("files.files")}
                </div>
                {shownFiles.map(row)}
              </div>
            )}
          </div>
          <div ref={sentinel} className="sentinel" />
        </>
      )}
      <BackToTop />
      {over && (
        <div className="drop-overlay" aria-hidden>
          <CloudUpload size={48} />
          <span>{t("upload.dropHere", { folder: listing.name || t("files.home") })}</span>
        </div>
      )}
    </section>
  );
}
