/** @module One row of the listing: icon or lazy thumbnail, name, size, relative date and mode (SPEC §2 Listing). */
import { memo, useState, type MouseEvent } from "react";
import type { Resource } from "../../api/resources";
import { thumbnailUrl } from "../../api/urls";
import { formatSize } from "../../format/format-size";
import { formatFullDate, formatRelative } from "../../format/format-date";
import { FileIcon } from "./FileIcon";

/** Props of a row. `token` feeds the thumbnail URL; `lang` the date formatting. */
export interface ListingItemProps {
  item: Resource;
  selected: boolean;
  focusable: boolean;
  token: string;
  lang: string;
  onSelect: (path: string, e: MouseEvent) => void;
  onOpen: (item: Resource) => void;
  onTap: (item: Resource, e: MouseEvent) => boolean;
}

function Thumb({ item, token }: { item: Resource; token: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <FileIcon isDir={false} type="image" />;
  return <img className="thumb" src={thumbnailUrl(item.path, token)} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />;
}

/** A selectable, openable row (an option of the listing listbox, named after the item). */
export const ListingItem = memo(function ListingItem({ item, selected, focusable, token, lang, onSelect, onOpen, onTap }: ListingItemProps) {
  return (
    <div
      role="option"
      aria-selected={selected}
      aria-label={item.name}
      tabIndex={focusable ? 0 : -1}
      className={`item${selected ? " selected" : ""}${item.isDir ? " item-dir" : ""}`}
      data-path={item.path}
      onClick={(e) => {
        if (onTap(item, e)) return;
        onSelect(item.path, e);
      }}
      onDoubleClick={() => onOpen(item)}
    >
      <span className="item-icon">{item.type === "image" && token ? <Thumb item={item} token={token} /> : <FileIcon isDir={item.isDir} type={item.type} />}</span>
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
