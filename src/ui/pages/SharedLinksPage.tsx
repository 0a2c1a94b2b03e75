/**
 * @module /shared (admin): every share link, permanent first then by expiry as the server answers (docs/product.md
 * "Shared links"): path into the files with option badges, public link, expiry, downloads, owner's name, copy and
 * delete.
 */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Copy, ExternalLink, Trash2 } from "lucide-react";
import { copyShareUrl, loadAllLinks, removeShare, useShares } from "../stores/shares";
import { downloadCount, expiryText } from "../stores/share-rules";
import { ShareBadges } from "../components/prompts/ShareBadges";
import { PageCrumbs } from "../components/common/PageCrumbs";
import { config } from "../stores/config";
import { filesRoute } from "../format/encode-path";

/** The table of every link. */
export function SharedLinksPage() {
  const { t, i18n } = useTranslation();
  const { all } = useShares();
  useEffect(() => void loadAllLinks(), []);
  const now = Math.floor(Date.now() / 1000);
  return (
    <div className="page page-wide">
      <PageCrumbs href="/shared" label={t("sidebar.sharedLinks")} />
      <h1 className="page-title">{t("share.screenTitle")}</h1>
      <div className="card card-flush table-scroll">
        {!all ? (
          <p className="muted card-pad">{t("share.loading")}</p>
        ) : all.length === 0 ? (
          <p className="muted card-pad">{t("share.noneAll")}</p>
        ) : (
          <table className="data-table shared-table" aria-label={t("share.screenTitle")}>
            <thead>
              <tr>
                <th>{t("share.columns.path")}</th>
                <th>{t("share.columns.link")}</th>
                <th>{t("share.columns.expire")}</th>
                <th className="col-downloads">{t("share.columns.downloads")}</th>
                <th className="col-user">{t("share.columns.user")}</th>
                <th>{t("share.columns.operation")}</th>
              </tr>
            </thead>
            <tbody>
              {all.map((link) => (
                <tr key={link.hash}>
                  <td className="cell-path">
                    <Link href={filesRoute(link.path)} title={link.path}>
                      {link.path}
                    </Link>
                    <ShareBadges link={link} withCount={false} />
                  </td>
                  <td className="cell-mono cell-link">
                    <a
                      href={`${config.baseURL}/share/${encodeURIComponent(link.hash)}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      title={link.hash}
                    >
                      <ExternalLink size={16} aria-hidden />
                      <span className="share-hash">{link.hash}</span>
                    </a>
                  </td>
                  <td>{expiryText(link.expire, now, i18n.language, t("share.expiryNever"))}</td>
                  <td className="col-downloads">{downloadCount(link)}</td>
                  <td className="col-user">{link.username ?? `#${link.userId}`}</td>
                  <td className="cell-action">
                    <span className="cell-ops">
                      <button
                        type="button"
                        className="icon-btn"
                        aria-label={t("share.copyNamed", { name: link.path })}
                        title={t("share.copy")}
                        onClick={() => void copyShareUrl(link.hash)}
                      >
                        <Copy size={16} aria-hidden />
                      </button>
                      <button
                        type="button"
                        className="icon-btn"
                        aria-label={t("share.deleteNamed", { name: link.path })}
                        title={t("share.delete")}
                        onClick={() => void removeShare(link.hash)}
                      >
                        <Trash2 size={16} aria-hidden />
                      </button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
