/** @module Breadcrumbs with a home link to /files/ and the last segments of the path (docs/product.md "Files view"). */
import { useTranslation } from "react-i18next";
import { breadcrumbTrail } from "../../format/breadcrumbs";
import { filesRoute } from "../../format/encode-path";
import { BreadcrumbTrail } from "../common/BreadcrumbTrail";

/** The trail for a folder path; the last crumb is the current page. */
export function Breadcrumbs({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <BreadcrumbTrail
      crumbs={breadcrumbTrail(path)}
      homeHref="/files/"
      hrefOf={filesRoute}
      navLabel={t("files.breadcrumbs")}
      homeLabel={t("files.home")}
      parentLabel={t("files.parentFolders")}
    />
  );
}
