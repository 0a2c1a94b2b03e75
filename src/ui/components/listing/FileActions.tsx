/**
 * @module Listing actions on the folder and its selection: header on desktop, bottom action bar on mobile
 * (docs/product.md "Listing", "Selection counts").
 */
import {
  ClipboardPaste,
  Copy,
  Download,
  Ellipsis,
  FilePlus,
  FolderInput,
  FolderPlus,
  Info,
  ListChecks,
  Pencil,
  Share2,
  Trash,
  X,
} from "lucide-react";
import type { MouseEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../stores/auth";
import { useCurrentResource } from "../../stores/current-resource";
import { escapeSelection, setMultipleMode, useSelection } from "../../stores/selection";
import { openActionSheet } from "../../stores/action-sheet";
import { pickSelected } from "../../stores/selection-rules";
import { showPrompt } from "../../stores/layout";
import { downloadSelection } from "../../stores/download";
import { pasteIntoCurrentFolder, useClipboard } from "../../stores/clipboard";
import { UploadButtons } from "./UploadButtons";

function Action({
  label,
  icon,
  onClick,
  className = "",
  text = label,
  popup = false,
}: {
  label: string;
  icon: ReactNode;
  onClick: (e: MouseEvent<HTMLButtonElement>) => void;
  className?: string;
  text?: string;
  popup?: boolean;
}) {
  return (
    <button
      type="button"
      className={`action-btn ${className}`}
      aria-label={label}
      title={label}
      aria-haspopup={popup ? "menu" : undefined}
      onClick={onClick}
    >
      {icon}
      <span className="action-label">{text}</span>
    </button>
  );
}

/** Opens the More menu below its button (a bottom sheet on phones). */
function openMore(e: MouseEvent<HTMLButtonElement>): void {
  const box = e.currentTarget.getBoundingClientRect();
  openActionSheet("more", { x: box.left, y: box.bottom });
}

/** The action buttons; they act on the folder on screen and its selection. */
export function FileActions() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { resource, listing } = useCurrentResource();
  const { selected, multiple } = useSelection();
  const clip = useClipboard();
  if (!user || !resource?.isDir || !listing) return null;
  const can = (p: "create" | "rename" | "delete" | "download" | "share") => user.perm.admin || user.perm[p];
  const dir = listing.path;
  const chosen = pickSelected(listing.items ?? [], selected);
  const paths = chosen.map((i) => i.path);
  const some = chosen.length > 0;
  const canPaste = clip.paths.length > 0 && can(clip.mode === "cut" ? "rename" : "create");
  return (
    <div className={`actions${some ? " has-selection" : ""}`} role="toolbar" aria-label={t("header.actions")}>
      {some && (
        <div className="selection-info">
          <button
            type="button"
            className="icon-btn"
            aria-label={t("header.clearSelection")}
            onClick={() => escapeSelection()}
          >
            <X aria-hidden />
          </button>
          <span aria-live="polite">{t("header.selected", { count: chosen.length })}</span>
        </div>
      )}
      {some && chosen.length === 1 && can("rename") && (
        <Action
          label={t("header.rename")}
          icon={<Pencil aria-hidden />}
          onClick={() => showPrompt({ kind: "rename", path: paths[0] })}
        />
      )}
      {some && can("create") && (
        <Action
          label={t("header.copy")}
          icon={<Copy aria-hidden />}
          onClick={() => showPrompt({ kind: "copy", paths })}
        />
      )}
      {some && can("rename") && (
        <Action
          label={t("header.move")}
          icon={<FolderInput aria-hidden />}
          onClick={() => showPrompt({ kind: "move", paths })}
        />
      )}
      {some && can("delete") && (
        <Action
          label={t("header.delete")}
          icon={<Trash aria-hidden />}
          onClick={() => showPrompt({ kind: "delete", paths })}
        />
      )}
      {some && can("download") && (
        <Action
          label={t("header.download")}
          icon={<Download aria-hidden />}
          onClick={() => downloadSelection(chosen, dir)}
        />
      )}
      {chosen.length === 1 && can("share") && can("download") && (
        <Action
          label={t("header.share")}
          icon={<Share2 aria-hidden />}
          onClick={() => showPrompt({ kind: "share", path: paths[0] })}
        />
      )}
      {some && (
        <Action
          label={t("header.info")}
          icon={<Info aria-hidden />}
          onClick={() => showPrompt({ kind: "info", paths })}
        />
      )}
      {some && (
        <Action
          label={t("menu.more")}
          text={t("header.more")}
          icon={<Ellipsis aria-hidden />}
          onClick={openMore}
          className="keep-label"
          popup
        />
      )}
      {canPaste && (
        <Action
          label={t("header.paste")}
          icon={<ClipboardPaste aria-hidden />}
          onClick={() => void pasteIntoCurrentFolder()}
          className="idle-only"
        />
      )}
      <button
        type="button"
        className="action-btn idle-only"
        aria-pressed={multiple}
        aria-label={t("header.multiple")}
        title={t("header.multiple")}
        onClick={() => setMultipleMode()}
      >
        <ListChecks aria-hidden />
        <span className="action-label">{t("header.select")}</span>
      </button>
      {can("create") && (
        <>
          <Action
            label={t("header.newFolder")}
            icon={<FolderPlus aria-hidden />}
            onClick={() => showPrompt({ kind: "newFolder" })}
            className="mobile-only idle-only"
          />
          <Action
            label={t("header.newFile")}
            icon={<FilePlus aria-hidden />}
            onClick={() => showPrompt({ kind: "newFile" })}
            className="mobile-only idle-only"
          />
          <span className="idle-only upload-group">
            <UploadButtons dir={dir} existing={() => (listing.items ?? []).map((i) => i.name)} />
          </span>
        </>
      )}
    </div>
  );
}
