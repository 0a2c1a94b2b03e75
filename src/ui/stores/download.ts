/**
 * @module Downloads (docs/product.md "Download", "Raw files and media URLs"): one plain file directly, otherwise the
 * format picker.
 */
import { archiveUrl, downloadUrl } from "../api/urls";
import { ensureMediaToken, folderPrefix } from "./media-tokens";
import { notifyError } from "../notify";
import { errorMessage } from "../api/errors";
import { showPrompt } from "./layout";
import { downloadPlan, type DownloadItem } from "./download-rules";
import type { ArchiveFormat } from "../../shared/wire/archive";

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
export async function downloadFile(path: string): Promise<void> {
  await withMediaToken(folderPrefix(path), (token) => startDownload(downloadUrl(path, token)));
}

/** Starts an archive download of paths (all in one folder, the one on screen) in the chosen format. */
export async function downloadArchive(paths: readonly string[], format: ArchiveFormat): Promise<void> {
  const prefix = paths.length === 1 && paths[0].endsWith("/") ? paths[0] : commonParent(paths);
  await withMediaToken(prefix, (token) => startDownload(archiveUrl(paths, format, token)));
}

/** The deepest folder holding every path ("/a/b/" for "/a/b/x" and "/a/b/sub/"). */
function commonParent(paths: readonly string[]): string {
  const parents = paths.map((p) => folderPrefix(p.endsWith("/") ? p.slice(0, -1) : p));
  let common = parents[0] ?? "/";
  while (!parents.every((p) => p.startsWith(common))) common = folderPrefix(common.slice(0, -1));
  return common;
}

async function withMediaToken(prefix: string, use: (token: string) => void): Promise<void> {
  try {
    use(await ensureMediaToken(prefix));
  } catch (err) {
    notifyError(errorMessage(err));
  }
}

/** Downloads a selection: a single plain file at once, anything else opens the format picker. */
export function downloadSelection(selected: readonly DownloadItem[], currentDir: string): void {
  const plan = downloadPlan(selected, currentDir);
  if (plan.kind === "direct") void downloadFile(plan.path);
  else showPrompt({ kind: "download", paths: plan.paths });
}
