/** @module Listing actions (upload, new folder, download, delete, selection count): header on desktop, bottom bar on mobile. */
import { useRef } from "react";
import { Download, FolderPlus, Trash, Upload, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../stores/auth";
import { useRequest } from "../../stores/request";
import { clearSelection, useSelection } from "../../stores/selection";
import { showPrompt } from "../../stores/layout";
import { downloadFile } from "../../stores/operations";
import { uploadFiles } from "../../stores/upload";

/** The action buttons; they act on the folder on screen and its selection. */
export function FileActions() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { resource, listing } = useRequest();
  const { selected } = useSelection();
  const input = useRef<HTMLInputElement>(null);
  if (!user || !resource?.isDir || !listing) return null;
  const dir = listing.path;
  const single = selected.length === 1 ? listing.items?.find((i) => i.path === selected[0]) : undefined;
  const canDownload = user.perm.download && single && !single.isDir;
  const onFiles = (files: FileList | null) => {
    const list = files ? Array.from(files) : [];
    if (input.current) input.current.value = "";
    void uploadFiles(dir, list, (listing.items ?? []).map((i) => i.name));
  };
  return (
    <div className="actions" role="toolbar" aria-label={t("header.actions")}>
      {selected.length > 0 && (
        <div className="selection-info">
          <button type="button" className="icon-btn" aria-label={t("header.clearSelection")} onClick={clearSelection}>
            <X aria-hidden />
          </button>
          <span aria-live="polite">{t("header.selected", { count: selected.length })}</span>
        </div>
      )}
      {canDownload && (
        <button type="button" className="action-btn" onClick={() => downloadFile(single.path)}>
          <Download aria-hidden />
          <span>{t("header.download")}</span>
        </button>
      )}
      {user.perm.delete && selected.length > 0 && (
        <button type="button" className="action-btn" onClick={() => showPrompt({ kind: "delete", paths: [...selected] })}>
          <Trash aria-hidden />
          <span>{t("header.delete")}</span>
        </button>
      )}
      {user.perm.create && (
        <>
          <button type="button" className="action-btn mobile-only" onClick={() => showPrompt({ kind: "newFolder" })}>
            <FolderPlus aria-hidden />
            <span>{t("header.newFolder")}</span>
          </button>
          <button type="button" className="action-btn" onClick={() => input.current?.click()}>
            <Upload aria-hidden />
            <span>{t("header.upload")}</span>
          </button>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            aria-label={t("header.uploadInput")}
            onChange={(e) => onFiles(e.target.files)}
          />
        </>
      )}
    </div>
  );
}
