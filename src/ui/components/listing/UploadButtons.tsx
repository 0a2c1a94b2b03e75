/**
 * @module Upload buttons: files, and whole folders through a webkitdirectory picker (docs/product.md "Upload"); named
 * even when only their icons show.
 */
import { useEffect, useRef } from "react";
import { FolderUp, Upload } from "lucide-react";
import { useTranslation } from "react-i18next";
import { uploadFiles } from "../../stores/upload";

/** Two buttons with hidden file inputs; picked files upload into `dir`, clashing with `existing` names. */
export function UploadButtons({ dir, existing }: { dir: string; existing: () => string[] }) {
  const { t } = useTranslation();
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // React has no prop for these non-standard attributes; every current browser supports them.
    folder.current?.setAttribute("webkitdirectory", "");
    folder.current?.setAttribute("directory", "");
  }, []);
  const onPick = (input: HTMLInputElement) => {
    const list = input.files ? Array.from(input.files) : [];
    input.value = "";
    void uploadFiles(dir, list, existing());
  };
  return (
    <>
      <button
        type="button"
        className="action-btn"
        aria-label={t("header.upload")}
        title={t("header.upload")}
        onClick={() => files.current?.click()}
      >
        <Upload aria-hidden />
        <span className="action-label">{t("header.upload")}</span>
      </button>
      <button
        type="button"
        className="action-btn"
        aria-label={t("header.uploadFolder")}
        title={t("header.uploadFolder")}
        onClick={() => folder.current?.click()}
      >
        <FolderUp aria-hidden />
        <span className="action-label desktop-only">{t("header.uploadFolder")}</span>
        <span className="action-label mobile-only">{t("header.uploadFolderShort")}</span>
      </button>
      <input
        ref={files}
        type="file"
        multiple
        hidden
        aria-label={t("header.uploadInput")}
        onChange={(e) => onPick(e.currentTarget)}
      />
      <input
        ref={folder}
        type="file"
        multiple
        hidden
        aria-label={t("header.uploadFolderInput")}
        onChange={(e) => onPick(e.currentTarget)}
      />
    </>
  );
}
