/** @module /files/*: the listing or the preview, depending on what the server returns for the path (SPEC §2). */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { config } from "../stores/config";
import { loadPath, useRequest } from "../stores/request";
import { filesRoute, resourcePathOf } from "../format/encode-path";
import { ErrorView } from "../components/common/ErrorView";
import { Listing } from "../components/listing/Listing";
import { ListingShortcuts } from "../components/listing/ListingShortcuts";
import { Preview } from "../components/preview/Preview";

/** The files view. */
export function FilesPage() {
  const { t } = useTranslation();
  // useLocation re-renders on navigation; the raw pathname keeps the escapes wouter decodes ("%2F", "%25").
  const [, navigate] = useLocation();
  const path = resourcePathOf(window.location.pathname, config.baseURL);
  const { resource, error, listing } = useRequest();

  useEffect(() => {
    void loadPath(path);
  }, [path]);

  useEffect(() => {
    // A folder asked for without its trailing slash gets the canonical route (SPEC §7: folders end with '/').
    if (resource?.isDir && resource.path === `${path}/`) navigate(filesRoute(resource.path), { replace: true });
  }, [resource, path, navigate]);

  if (error) return <ErrorView kind={error} />;
  if (!resource) {
    return (
      <div className="loading-view" role="status">
        <span className="spinner" aria-hidden />
        {t("files.loading")}
      </div>
    );
  }
  if (resource.isDir) {
    return (
      <>
        <Listing listing={resource} />
        <ListingShortcuts listing={resource} />
      </>
    );
  }
  return <Preview file={resource} listing={listing} />;
}
