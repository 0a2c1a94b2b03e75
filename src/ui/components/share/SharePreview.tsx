/**
 * @module A file of a shared folder, previewed over the page on a native modal <dialog> (Esc and focus from the
 * browser) as ShareFileView shows it; between the folder's photos, previous and next buttons, the arrow keys and a
 * swipe.
 */
import { useEffect, useRef } from "react";
import { ChevronLeft, ChevronRight, Download, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Resource } from "../../../shared/wire/resource";
import { publicDownloadUrl } from "../../api/public-urls";
import { itemSubPath, neighbourImage } from "../../stores/public-share-rules";
import { closeSharePreview, stepSharePreview, usePublicShare, type PreviewText } from "../../stores/public-share";
import { ShareFileView } from "./ShareFileView";

/** A previous or next button over the photo; nothing at that end of the folder. */
function StepButton({ by, file, items }: { by: 1 | -1; file: Resource; items: readonly Resource[] }) {
  const { t } = useTranslation();
  if (!neighbourImage(items, file.path, by)) return null;
  const label = t(by < 0 ? "sharePage.previous" : "sharePage.next");
  return (
    <button
      type="button"
      className={`icon-btn share-step share-step-${by < 0 ? "prev" : "next"}`}
      aria-label={label}
      title={label}
      onClick={() => stepSharePreview(by)}
    >
      {by < 0 ? <ChevronLeft size={28} aria-hidden /> : <ChevronRight size={28} aria-hidden />}
    </button>
  );
}

/** The preview of `file` (a listed file of share `hash`); closing clears it in the store. */
export function SharePreview({ file, hash, text }: { file: Resource; hash: string; text: PreviewText | null }) {
  const { t } = useTranslation();
  const { item } = usePublicShare();
  const items = (item?.items ?? []) as readonly Resource[];
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    // The dialog leaves the page on close, so the browser cannot give focus back itself: back to the file's row.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (el && !el.open) el.showModal();
    return () => {
      el?.close();
      opener?.focus();
    };
  }, []);
  useEffect(() => {
    // On the window: after a step the pressed button is gone and focus is nowhere in the dialog. Only for a photo:
    // a video's own controls keep their arrow keys (seeking).
    if (file.type !== "image") return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
      if (stepSharePreview(e.key === "ArrowLeft" ? -1 : 1)) e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [file.path]);
  return (
    <dialog
      ref={ref}
      className="preview share-preview"
      aria-label={t("sharePage.preview", { name: file.name })}
      onCancel={(e) => {
        e.preventDefault();
        closeSharePreview();
      }}
    >
      <div className="preview-bar">
        <button
          type="button"
          className="icon-btn"
          onClick={closeSharePreview}
          aria-label={t("sharePage.close")}
          title={t("sharePage.close")}
        >
          <X size={22} aria-hidden />
        </button>
        <span className="preview-name">{file.name}</span>
        <a
          className="icon-btn"
          href={publicDownloadUrl(hash, itemSubPath(file))}
          download
          aria-label={t("sharePage.download")}
          title={t("sharePage.download")}
        >
          <Download size={22} aria-hidden />
        </a>
      </div>
      <div className="preview-stage share-stage" key={file.path}>
        <ShareFileView
          file={file}
          hash={hash}
          sub={itemSubPath(file)}
          text={text}
          onSwipe={(by) => stepSharePreview(by)}
        />
        {file.type === "image" && (
          <>
            <StepButton by={-1} file={file} items={items} />
            <StepButton by={1} file={file} items={items} />
          </>
        )}
      </div>
    </dialog>
  );
}
