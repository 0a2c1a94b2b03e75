/**
 * @module Nfo preview (docs/product.md "Other previews": .nfo as preformatted text), in a monospace font with the
 * box-drawing and block characters.
 */
import { useTranslation } from "react-i18next";
import type { Resource } from "../../api/resources";
import { fetchNfoText } from "../../api/media";
import { errorMessage } from "../../api/errors";
import { LoadingView } from "../common/LoadingView";
import { DownloadCard } from "./DownloadCard";
import { useFetched } from "./views/useFetched";

/** Shows the text of the nfo file `file` (decoded from CP437 by the server), line for line so ANSI art joins up. */
export function NfoPreview({ file, token }: { file: Resource; token: string }) {
  const { t } = useTranslation();
  const text = useFetched(file.path, (signal) => fetchNfoText(file.path, signal));
  if (text.status === "loading") return <LoadingView label={t("preview.nfo.loading")} />;
  if (text.status === "failed") {
    return (
      <DownloadCard file={file} token={token}>
        <p className="preview-view-error" role="alert">
          {t("preview.nfo.failed", { reason: errorMessage(text.error) })}
        </p>
      </DownloadCard>
    );
  }
  return (
    <pre className="nfo-text" tabIndex={0} aria-label={t("preview.textContent", { name: file.name })}>
      {text.value}
    </pre>
  );
}
