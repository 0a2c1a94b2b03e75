/**
 * @module The listing of a shared folder: sub-folders open inside the share, files open the preview; images show
 * their thumbnails (docs/product.md "Share page").
 */
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Resource } from "../../../shared/wire/resource";
import { publicThumbnailUrl } from "../../api/public-urls";
import { formatSize } from "../../format/format-size";
import { formatFullDate, formatRelative } from "../../format/format-date";
import { currentLanguage } from "../../i18n";
import { foldersFirst, itemSubPath, shareRoute } from "../../stores/public-share-rules";
import { openSharePreview } from "../../stores/public-share";
import { FileIcon } from "../listing/FileIcon";
import { ShareBreadcrumbs } from "./ShareBreadcrumbs";

/** Width the share page asks for its listing thumbnails (one of THUMB_WIDTH_BUCKETS: 48 px boxes at up to 2x). */
const SHARE_THUMB_WIDTH = 128;

function ItemIcon({ item, hash }: { item: Resource; hash: string }) {
  if (!item.isDir && item.type === "image") {
    return (
      <img
        className="share-thumb"
        src={publicThumbnailUrl(hash, itemSubPath(item), SHARE_THUMB_WIDTH)}
        alt=""
        loading="lazy"
      />
    );
  }
  return (
    <span className="share-thumb share-thumb-icon">
      <FileIcon isDir={item.isDir} type={item.type} name={item.name} size={28} />
    </span>
  );
}

function Row({ item, hash, lang }: { item: Resource; hash: string; lang: string }) {
  return (
    <li className="share-row">
      <ItemIcon item={item} hash={hash} />
      {item.isDir ? (
        <Link href={shareRoute(hash, itemSubPath(item))} className="share-row-name">
          {item.name}
        </Link>
      ) : (
        <button type="button" className="share-row-name" onClick={() => void openSharePreview(item)}>
          {item.name}
        </button>
      )}
      <span className="share-row-size">{item.isDir ? "" : formatSize(item.size)}</span>
      <time className="share-row-date" dateTime={item.modified} title={formatFullDate(item.modified, lang)}>
        {formatRelative(item.modified, lang)}
      </time>
    </li>
  );
}

/** The folder `sub` of share `hash` with its breadcrumbs and items. */
export function ShareListing({ folder, hash, sub }: { folder: Resource; hash: string; sub: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const items = foldersFirst(folder.items ?? []);
  return (
    <section className="share-listing">
      {/* At the share's top the summary above names the folder; the trail starts below it. */}
      {sub !== "/" && <ShareBreadcrumbs hash={hash} sub={sub} />}
      {items.length === 0 ? (
        <p className="share-empty muted">{t("sharePage.empty")}</p>
      ) : (
        <ul className="share-list" aria-label={t("sharePage.contents")}>
          {items.map((item) => (
            <Row key={item.path} item={item} hash={hash} lang={lang} />
          ))}
        </ul>
      )}
    </section>
  );
}
