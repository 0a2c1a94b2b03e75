/** @module Download format picker (docs/product.md "Download"): zip, tar, tar.gz, tar.bz2, tar.xz, tar.lz4, tar.sz. */
import { FileArchive } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../common/Dialog";
import { closePrompt } from "../../stores/layout";
import { downloadArchive } from "../../stores/download";
import { ARCHIVE_FORMATS } from "../../../shared/wire/archive";

/** Offers the archive formats for `paths`; a choice starts the download and closes the dialog. */
export function DownloadPrompt({ paths }: { paths: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Dialog
      label={t("prompts.download.title")}
      title={t("prompts.download.title")}
      onClose={closePrompt}
      actions={
        <button type="button" className="btn" onClick={closePrompt}>
          {t("prompts.cancel")}
        </button>
      }
    >
      <p className="dialog-text">{t("prompts.download.message", { count: paths.length })}</p>
      <div className="format-grid" role="group" aria-label={t("prompts.download.formats")}>
        {ARCHIVE_FORMATS.map((format, i) => (
          <button
            key={format}
            type="button"
            className="btn format-btn"
            data-autofocus={i === 0 ? true : undefined}
            onClick={() => {
              closePrompt();
              downloadArchive(paths, format);
            }}
          >
            <FileArchive size={18} aria-hidden /> {format}
          </button>
        ))}
      </div>
    </Dialog>
  );
}
