/** @module Saving an answer fetched through the API client as a file download (a version, the activity CSV). */

/** How long the object URL of a download lives: long enough for the browser to start saving it. */
const DOWNLOAD_URL_LIFETIME_MS = 60_000;

/** Makes the browser save `blob` under `name`, as a click on a download link would. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), DOWNLOAD_URL_LIFETIME_MS);
}
