/**
 * @module One item of the listing, a row or a mosaic card: icon or lazy thumbnail, name, size, date, mode
 * (docs/product.md "Listing").
 */
import { memo, useState, type MouseEvent } from "react";
import { Check, Play } from "lucide-react";
import type { Resource } from "../../api/resources";
import { thumbnailUrl } from "../../api/urls";
import { formatSize } from "../../format/format-size";
import { formatFullDate, formatRelative } from "../../format/format-date";
import { config } from "../../stores/config";
import { FileIcon } from "./FileIcon";
import { thumbnailKind, type ThumbnailKind } from "./thumbnail-kind";
import type { ItemDragHandlers } from "./useItemDrag";

/** Props of an item. `token` and `thumbWidth` (px to request, 0: not known yet) feed the thumbnail URL; `lang` the date formatting. */
export interface ListingItemProps {
  item: Resource;
  selected: boolean;
  /** On the clipboard after Ctrl+X: shown faded until pasted. */
  cut: boolean;
  focusable: boolean;
  token: string;
  thumbWidth: number;
  /** Files from outside are dragged over this folder and would be uploaded into it. */
  dropTarget: boolean;
  lang: string;
  mosaic: boolean;
  drag: ItemDragHandlers;
  /** A click or tap: selects or opens, as the pointer and the selection decide. */
  onSelect: (item: Resource, e: MouseEvent) => void;
  onOpen: (item: Resource) => void;
  /** 1-based place in the whole folder and the folder's item count (only the rows near the window are rendered). */
  position?: number;
  setSize?: number;
}

/** A lazy thumbnail (a video's poster with a play badge); the item's icon when it fails to load. */
function Thumb({
  item,
  kind,
  token,
  width,
  iconSize,
}: {
  item: Resource;
  kind: Exclude<ThumbnailKind, null>;
  token: string;
  width: number;
  iconSize: number;
}) {
  const [failed, setFailed] = useState(false);
  if (failed) return <FileIcon isDir={false} type={item.type} name={item.name} size={iconSize} />;
  if (width === 0) return <span className="thumb" />;
  const img = (
    <img
      className="thumb"
      src={`${thumbnailUrl(item.path, token, width)}&v=${encodeURIComponent(item.modified)}`}
      alt=""
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => setFailed(true)}
    />
  );
  if (kind === "image") return img;
  return (
    <span className="thumb-video">
      {img}
      <span className="thumb-play" aria-hidden>
        <Play size={12} fill="currentColor" />
      </span>
    </span>
  );
}

/** A selectable, openable, draggable item (an option of the listing listbox, named after the item). */
export const ListingItem = memo(function ListingItem(props: ListingItemProps) {
  const {
    item,
    selected,
    cut,
    focusable,
    token,
    thumbWidth,
    dropTarget,
    lang,
    mosaic,
    drag,
    onSelect,
    onOpen,
    position,
    setSize,
  } = props;
  const [over, setOver] = useState(false);
  // Mosaic: a big icon on file cards; folders are compact cards with a row-sized icon.
  const iconSize = mosaic && !item.isDir ? 48 : 24;
  const kind = token ? thumbnailKind(item, config.thumbnail) : null;
  // A folder's size is shown only when it is the total below it (from the server's file index).
  const sized = !item.isDir || item.sizeKnown === true;
  const icon = kind ? (
    <Thumb item={item} kind={kind} token={token} width={thumbWidth} iconSize={iconSize} />
  ) : (
    <FileIcon isDir={item.isDir} type={item.type} name={item.name} size={iconSize} />
  );
  return (
    <div
      role="option"
      aria-selected={selected}
      aria-label={item.name}
      aria-posinset={position}
      aria-setsize={setSize}
      tabIndex={focusable ? 0 : -1}
      className={`item${selected ? " selected" : ""}${item.isDir ? " item-dir" : ""}${item.isDir && sized ? " dir-sized" : ""}${over || dropTarget ? " drop-target" : ""}${cut ? " cut" : ""}`}
      data-path={item.path}
      draggable={drag.enabled}
      onDragStart={(e) => drag.start(item, e)}
      onDragEnd={drag.end}
      onDragOver={(e) => {
        if (!drag.accepts(item, e)) return;
        e.preventDefault();
        e.stopPropagation();
        e.dataTransfer.dropEffect = "move";
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        if (!drag.accepts(item, e)) return;
        e.preventDefault();
        e.stopPropagation();
        drag.drop(item, e);
      }}
      onClick={(e) => onSelect(item, e)}
      onDoubleClick={() => onOpen(item)}
    >
      <span className="item-check" aria-hidden>
        {selected && <Check size={14} strokeWidth={3} />}
      </span>
      <span className="item-icon">{icon}</span>
      <span className="item-name" title={item.name}>
        {item.name}
      </span>
      <span className="item-size">{sized ? formatSize(item.size) : "—"}</span>
      <time className="item-modified" dateTime={item.modified} title={formatFullDate(item.modified, lang)}>
        {formatRelative(item.modified, lang)}
      </time>
      <span className="item-mode">{item.modeStr}</span>
    </div>
  );
});
