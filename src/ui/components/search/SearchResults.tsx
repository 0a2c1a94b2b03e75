/**
 * @module Search hits: 50 shown, 50 more within 100 px of the bottom (docs/product.md "Sizes and paging"), each a link
 * with icon (an image's thumbnail, through the searched folder's media token as in the listing) and parent path.
 */
import { useState, type KeyboardEvent, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { FileIcon } from "../listing/FileIcon";
import { config } from "../../stores/config";
import { thumbnailUrl } from "../../api/urls";
import { folderPrefix, useMediaToken } from "../../stores/media-tokens";
import { closeSearch, recordSearched, showMoreHits } from "../../stores/search";
import {
  hitHasThumbnail,
  hitHref,
  hitName,
  hitParent,
  hitPath,
  hitRoute,
  movedIndex,
  nearBottom,
  type SearchHit,
} from "../../stores/search-rules";

/** Width of the thumbnails asked for (the smallest thumbnail bucket: 32 px boxes at up to 4x). */
const HIT_THUMB_WIDTH = 128;

/** The icon of a hit: an image's thumbnail when thumbnails are on and the token is there, else its type's icon. */
function HitIcon({ dir, hit, token }: { dir: string; hit: SearchHit; token: string }) {
  const [failed, setFailed] = useState(false);
  const thumb = !failed && token !== "" && config.thumbnail.thumbnailEnabled && hitHasThumbnail(hit);
  return (
    <span className="search-hit-icon">
      {thumb ? (
        <img
          className="search-hit-thumb"
          src={thumbnailUrl(hitPath(dir, hit), token, HIT_THUMB_WIDTH)}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
        />
      ) : (
        <FileIcon isDir={hit.dir} type="blob" name={hitName(hit)} size={20} />
      )}
    </span>
  );
}

/** Props: the searched folder, all hits, how many show, and where focus goes above the first hit. */
export interface SearchResultsProps {
  dir: string;
  hits: readonly SearchHit[];
  shown: number;
  onLeaveTop: () => void;
}

/** The list of hits; ArrowUp/ArrowDown move focus between them and Enter opens the focused one. */
export function SearchResults({ dir, hits, shown, onLeaveTop }: SearchResultsProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const token = useMediaToken(folderPrefix(dir.endsWith("/") ? dir : `${dir}/`));
  if (!hits.length) return <p className="search-empty">{t("search.noResults")}</p>;
  const open = (e: MouseEvent, hit: SearchHit) => {
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    recordSearched();
    closeSearch();
    navigate(hitRoute(dir, hit));
  };
  const onKey = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    e.preventDefault();
    const links = [...e.currentTarget.querySelectorAll<HTMLAnchorElement>("a.search-hit")];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (e.key === "ArrowUp" && at === 0) return onLeaveTop();
    const next = movedIndex(at, e.key === "ArrowDown" ? 1 : -1, links.length);
    if (next >= links.length - 1) showMoreHits();
    links[next]?.focus();
  };
  return (
    <div
      className="search-results"
      onScroll={(e) => {
        const el = e.currentTarget;
        if (shown < hits.length && nearBottom(el.scrollTop, el.clientHeight, el.scrollHeight)) showMoreHits();
      }}
    >
      <ul className="search-hit-list" aria-label={t("search.results", { count: hits.length })} onKeyDown={onKey}>
        {hits.slice(0, shown).map((hit) => (
          <li key={hit.path}>
            <a
              className="search-hit"
              href={config.indexLocation ? `${config.baseURL}${hitHref(dir, hit, true)}` : hitHref(dir, hit, false)}
              onClick={(e) => open(e, hit)}
            >
              <HitIcon dir={dir} hit={hit} token={token} />
              <span className="search-hit-text">
                <span className="search-hit-name">{hitName(hit)}</span>
                <span className="search-hit-parent">{hitParent(hit)}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
