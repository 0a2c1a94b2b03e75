/** @module Shows the one open prompt of the layout store (SPEC §2 Overlay dialogs: one at a time). */
import { useLayout } from "../../stores/layout";
import { DeletePrompt } from "./DeletePrompt";
import { NewFolderPrompt } from "./NewFolderPrompt";
import { ReplacePrompt } from "./ReplacePrompt";

/** Renders the open prompt, if any. */
export function Prompts() {
  const { prompt } = useLayout();
  if (!prompt) return null;
  switch (prompt.kind) {
    case "delete":
      return <DeletePrompt paths={prompt.paths} />;
    case "newFolder":
      return <NewFolderPrompt />;
    case "replace":
      return <ReplacePrompt names={prompt.names} />;
  }
}
