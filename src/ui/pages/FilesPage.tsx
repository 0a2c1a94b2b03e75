/**
 * @module /files/*: the listing, the editor or the preview, depending on what the server returns for the path
 * (docs/product.md "Preview").
 */
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearch } from "wouter";
import { config } from "../stores/config";
import { useAuth } from "../stores/auth";
import { loadPath, useCurrentResource } from "../stores/current-resource";
import { filesRoute, resourcePathOf } from "../format/encode-path";
import { ErrorView } from "../components/common/ErrorView";
import { LoadingView } from "../components/common/LoadingView";
import { Listing } from "../components/listing/Listing";
import { ListingShortcuts } from "../components/listing/ListingShortcuts";
import { opensInEditor } from "../stores/editor-rules";
import { lazyNamed } from "../lazy-named";

// The editor and its language modes load only when a file is edited, the previews when a file is opened.
const Editor = lazy(() => import("../components/editor/Editor"));
const Preview = lazyNamed(() => import("../components/preview/Preview"), "Preview");

function Loading() {
  const { t } = useTranslation();
  return <LoadingView label={t("files.loading")} />;
}

/** The files view. */
export function FilesPage() {
  // useLocation re-renders on navigation; the raw pathname keeps the escapes wouter decodes ("%2F", "%25").
  const [, navigate] = useLocation();
  const path = resourcePathOf(window.location.pathname, config.baseURL);
  const { resource, error, listing } = useCurrentResource();
  const { user } = useAuth();
  // `?edit`: the Edit button of a rendered markdown file (docs/product.md "Preview") asks for the editor.
  const editRequested = new URLSearchParams(useSearch()).has("edit");

  useEffect(() => {
    void loadPath(path);
  }, [path]);

  useEffect(() => {
    // A folder asked for without its trailing slash gets the canonical route (docs/interfaces.md "Paths": folders end
    // with '/').
    if (resource?.isDir && resource.path === `${path}/`) navigate(filesRoute(resource.path), { replace: true });
  }, [resource, path, navigate]);

  if (error) return <ErrorView kind={error} />;
  if (!resource) return <Loading />;
  if (resource.isDir) {
    return (
      <>
        <Listing listing={resource} />
        <ListingShortcuts listing={resource} />
      </>
    );
  }
  if (opensInEditor(resource, user?.perm, editRequested)) {
    return (
      <Suspense fallback={<Loading />}>
        <Editor key={resource.path} file={resource} />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<Loading />}>
      <Preview file={resource} listing={listing} />
    </Suspense>
  );
}
