/** @module One item of the listing, a row or a mosaic card: icon or lazy thumbnail, name, size, date, mode (SPEC §2 Listing). */
import { memo, useState, type MouseEvent } from "react";
import type { Resource } from "../../api/resources";
import { thumbnailUrl } from "../../api/urls";
import { formatSize } from "../../format/format-size";
import { formatFullDate, formatRelative } from "../../format/format-date";
import { FileIcon } from "./FileIcon";
import type { ItemDragHandlers } from "./useItemDrag";

/** Props of an item. `token` feeds the thumbnail URL; `lang` the date formatting. */
export interface ListingItemProps {
  item: Resource;
  selected: boolean;
  /** On the clipboard after Ctrl+X: shown faded until pasted. */
  cut: boolean;
  focusable: boolean;
  token: string;
  lang: string;
  mosaic: boolean;
  drag: ItemDragHandlers;
  onSelect: (path: string, e: MouseEvent) => void;
  onOpen: (item: Resource) => void;
  onTap: (item: Resource, e: MouseEvent) => boolean;
}

function Thumb({ item, token, mosaic }: { item: Resource; token: string; mosaic: boolean }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <FileIcon isDir={false} type="image" size={mosaic ? 56 : 24} />;
  return <img className="thumb" src={thumbnailUrl(item.path, token)} alt="" loading="lazy" decoding="async" draggable={false} onError={() => setFailed(true)} />;
}

/** A selectable, openable, draggable item (an option of the listing listbox, named after the item). */
export const ListingItem = memo(function ListingItem({ item, selected, cut, focusable, token, lang, mosaic, drag, onSelect, onOpen, onTap }: ListingItemProps) {
  const [over, setOver] = useState(false);
  const icon = item.type === "image" && token ? <Thumb item={item} token={token} mosaic={mosaic} /> : <FileIcon isDir={item.isDir} type={item.type} name={item.name} size={mosaic ? 56 : 24} />;
  return (
    <div
      role="option"
      aria-selected={selected}
      aria-label={item.name}
      tabIndex={focusable ? 0 : -1}
      className={`item${selected ? " selected" : ""}${item.isDir ? " item-dir" : ""}${over ? " drop-target" : ""}${cut ? " cut" : ""}`}
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
      onClick={(e) => {
        if (onTap(item, e)) return;
        onSelect(item.path, e);
      }}
      onDoubleClick={() => onOpen(item)}
    >
      <span className="item-icon">{icon}</span>
      <span className="item-name" title={item.name}>
        {item.name}
      </span>
      <span className="item-size">{item.isDir ? "—" : formatSize(item.size)}</span>
      <time className="item-modified" dateTime={item.modified} title={formatFullDate(item.modified, lang)}>
        {formatRelative(item.modified, lang)}
      </time>
      <span className="item-mode">{item.modeStr}</span>
    </div>
  );
});
