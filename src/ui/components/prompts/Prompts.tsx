/** @module Shows the one open prompt of the layout store (SPEC §2 Overlay dialogs: one at a time). */
import { useLayout } from "../../stores/layout";
import { AboutPrompt } from "./AboutPrompt";
import { ChmodPrompt } from "./ChmodPrompt";
import { ConflictPrompt } from "./ConflictPrompt";
import { DeletePrompt } from "./DeletePrompt";
import { DiscardPrompt } from "./DiscardPrompt";
import { DownloadPrompt } from "./DownloadPrompt";
import { HelpPrompt } from "./HelpPrompt";
import { InfoPrompt } from "./InfoPrompt";
import { MediaInfoPrompt } from "./MediaInfoPrompt";
import { MoveCopyPrompt } from "./MoveCopyPrompt";
import { NewFilePrompt } from "./NewFilePrompt";
import { NewFolderPrompt } from "./NewFolderPrompt";
import { OverwritePrompt } from "./OverwritePrompt";
import { PasswordRenamePrompt } from "./PasswordRenamePrompt";
import { RenamePrompt } from "./RenamePrompt";
import { ReplacePrompt } from "./ReplacePrompt";

/** Renders the open prompt, if any. */
export function Prompts() {
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
    case "help":
      return <HelpPrompt />;
    case "about":
      return <AboutPrompt />;
    case "replace":
      return <ReplacePrompt names={prompt.names} />;
    case "conflict":
      return <ConflictPrompt key={prompt.name} name={prompt.name} more={prompt.more} />;
    case "discard":
      return <DiscardPrompt />;
    case "overwrite":
      return <OverwritePrompt />;
  }
}
