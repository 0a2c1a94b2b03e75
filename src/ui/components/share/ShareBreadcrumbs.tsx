/** @module Breadcrumbs inside a shared folder: the share's top, then the last folders of the path (never above the share). */
import { useTranslation } from "react-i18next";
import { shareCrumbs, shareRoute } from "../../stores/public-share-rules";
import { BreadcrumbTrail } from "../common/BreadcrumbTrail";

/** The trail of the folder `sub` inside share `hash`; the last crumb is the current page. */
export function ShareBreadcrumbs({ hash, sub }: { hash: string; sub: string }) {
  const { t } = useTranslation();
  return (
    <BreadcrumbTrail
      crumbs={shareCrumbs(sub)}
      homeHref={shareRoute(hash)}
      hrefOf={(path) => shareRoute(hash, path)}
      navLabel={t("sharePage.breadcrumbs")}
      homeLabel={t("sharePage.root")}
      parentLabel={t("sharePage.parentFolders")}
      className="breadcrumbs share-breadcrumbs"
    />
  );
}
