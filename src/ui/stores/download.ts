/** @module Downloads (SPEC §2 Overlay dialogs: Download, §7): one plain file directly, otherwise the format picker. */
import { archiveUrl, downloadUrl } from "../api/urls";
import { currentToken } from "./auth";
import { showPrompt } from "./layout";
import { downloadPlan, type DownloadItem } from "./download-rules";
import type { ArchiveFormat } from "../constants";

function startDownload(href: string): void {
  const a = document.createElement("a");
  a.href = href;
  a.download = "";
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Starts the browser download of one file (the server answers it as an attachment). */
export function downloadFile(path: string): void {
  const token = currentToken();
  if (token) startDownload(downloadUrl(path, token));
}

/** Starts an archive download of paths in the chosen format. */
export function downloadArchive(paths: readonly string[], format: ArchiveFormat): void {
  const token = currentToken();
  if (token) startDownload(archiveUrl(paths, format, token));
}

/** Downloads a selection: a single plain file at once, anything else opens the format picker. */
export function downloadSelection(selected: readonly DownloadItem[], currentDir: string): void {
  const plan = downloadPlan(selected, currentDir);
  if (plan.kind === "direct") downloadFile(plan.path);
  else showPrompt({ kind: "download", paths: plan.paths });
}
