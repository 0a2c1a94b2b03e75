/** @module Shows the one open prompt of the layout store (docs/product.md "Overlay dialogs": one at a time). */
import { Suspense } from "react";
import { useLayout } from "../../stores/layout";
import { lazyNamed } from "../../lazy-named";

// Each prompt loads when first opened: none is needed to show a folder.
const AboutPrompt = lazyNamed(() => import("./AboutPrompt"), "AboutPrompt");
const ChmodPrompt = lazyNamed(() => import("./ChmodPrompt"), "ChmodPrompt");
const ExtractSubtitlePrompt = lazyNamed(() => import("./ExtractSubtitlePrompt"), "ExtractSubtitlePrompt");
const MakeThumbnailPrompt = lazyNamed(() => import("./MakeThumbnailPrompt"), "MakeThumbnailPrompt");
const MakeTorrentPrompt = lazyNamed(() => import("./MakeTorrentPrompt"), "MakeTorrentPrompt");
const UnarchivePrompt = lazyNamed(() => import("./UnarchivePrompt"), "UnarchivePrompt");
const ConflictPrompt = lazyNamed(() => import("./ConflictPrompt"), "ConflictPrompt");
const DeletePrompt = lazyNamed(() => import("./DeletePrompt"), "DeletePrompt");
const DiscardPrompt = lazyNamed(() => import("./DiscardPrompt"), "DiscardPrompt");
const DownloadPrompt = lazyNamed(() => import("./DownloadPrompt"), "DownloadPrompt");
const HelpPrompt = lazyNamed(() => import("./HelpPrompt"), "HelpPrompt");
const InfoPrompt = lazyNamed(() => import("./InfoPrompt"), "InfoPrompt");
const MediaInfoPrompt = lazyNamed(() => import("./MediaInfoPrompt"), "MediaInfoPrompt");
const MoveCopyPrompt = lazyNamed(() => import("./MoveCopyPrompt"), "MoveCopyPrompt");
const NewFilePrompt = lazyNamed(() => import("./NewFilePrompt"), "NewFilePrompt");
const NewFolderPrompt = lazyNamed(() => import("./NewFolderPrompt"), "NewFolderPrompt");
const PasswordRenamePrompt = lazyNamed(() => import("./PasswordRenamePrompt"), "PasswordRenamePrompt");
const RenamePrompt = lazyNamed(() => import("./RenamePrompt"), "RenamePrompt");
const ReplacePrompt = lazyNamed(() => import("./ReplacePrompt"), "ReplacePrompt");
const RestoreConflictPrompt = lazyNamed(() => import("./RestoreConflictPrompt"), "RestoreConflictPrompt");
const SaveConflictPrompt = lazyNamed(() => import("./SaveConflictPrompt"), "SaveConflictPrompt");
const RestoreToPrompt = lazyNamed(() => import("./RestoreToPrompt"), "RestoreToPrompt");
const VersionComparePrompt = lazyNamed(() => import("./VersionComparePrompt"), "VersionComparePrompt");
const VersionRestorePrompt = lazyNamed(() => import("./VersionRestorePrompt"), "VersionRestorePrompt");
const SharePrompt = lazyNamed(() => import("./SharePrompt"), "SharePrompt");
const ShellPrompt = lazyNamed(() => import("./ShellPrompt"), "ShellPrompt");
const SearchStatsPrompt = lazyNamed(() => import("../search/SearchStatsPrompt"), "SearchStatsPrompt");

/** Renders the open prompt, if any (nothing while its code loads: a few milliseconds on a local server). */
export function Prompts() {
  return (
    <Suspense fallback={null}>
      <OpenPrompt />
    </Suspense>
  );
}

function OpenPrompt() {
  const { prompt } = useLayout();
  if (!prompt) return null;
  switch (prompt.kind) {
    case "delete":
      return <DeletePrompt paths={prompt.paths} then={prompt.then} />;
    case "newFolder":
      return <NewFolderPrompt />;
    case "newFile":
      return <NewFilePrompt />;
    case "rename":
      return <RenamePrompt key={prompt.path} path={prompt.path} />;
    case "move":
    case "copy":
      return <MoveCopyPrompt key={prompt.kind} kind={prompt.kind} paths={prompt.paths} />;
    case "download":
      return <DownloadPrompt paths={prompt.paths} />;
    case "info":
      return <InfoPrompt paths={prompt.paths} />;
    case "chmod":
      return <ChmodPrompt paths={prompt.paths} />;
    case "passwordRename":
      return <PasswordRenamePrompt path={prompt.path} />;
    case "mediaInfo":
      return <MediaInfoPrompt path={prompt.path} />;
    case "share":
      return <SharePrompt key={prompt.path} path={prompt.path} />;
    case "help":
      return <HelpPrompt />;
    case "about":
      return <AboutPrompt />;
    case "replace":
      return <ReplacePrompt names={prompt.names} />;
    case "conflict":
      return <ConflictPrompt key={prompt.name} name={prompt.name} more={prompt.more} />;
    case "restoreConflict":
      return <RestoreConflictPrompt key={prompt.name} name={prompt.name} dir={prompt.dir} />;
    case "restoreTo":
      return <RestoreToPrompt key={prompt.item.id} item={prompt.item} />;
    case "versionCompare":
      return <VersionComparePrompt key={prompt.version.id} path={prompt.path} version={prompt.version} />;
    case "versionRestore":
      return <VersionRestorePrompt key={prompt.version.id} path={prompt.path} version={prompt.version} />;
    case "discard":
      return <DiscardPrompt />;
    case "saveConflict":
      return <SaveConflictPrompt path={prompt.path} text={prompt.text} />;
    case "shell":
      return <ShellPrompt dir={prompt.dir} />;
    case "makeTorrent":
      return <MakeTorrentPrompt path={prompt.path} />;
    case "makeThumbnail":
      return <MakeThumbnailPrompt path={prompt.path} />;
    case "extractSubtitle":
      return <ExtractSubtitlePrompt path={prompt.path} />;
    case "unarchive":
      return <UnarchivePrompt path={prompt.path} />;
    case "searchStats":
      return <SearchStatsPrompt />;
  }
}
