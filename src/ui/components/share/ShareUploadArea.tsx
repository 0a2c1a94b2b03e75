/**
 * @module The page of an upload-only folder link (docs/product.md "Public share calls"): the folder's name, a drop zone
 * for files from the desktop and a 'Choose files' button, then each file with its progress and how it ended. No
 * listing.
 */
import { useEffect, useRef, useState, type DragEvent } from "react";
import { CircleAlert, CircleCheck, FolderUp, Upload } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatSize } from "../../format/format-size";
import { clearShareUploads, uploadFilesToShare, useShareUploads, type ShareUpload } from "../../stores/share-uploads";

const STATE_KEYS = {
  sending: "sharePage.uploading",
  done: "sharePage.uploaded",
  exists: "sharePage.uploadExists",
  failed: "sharePage.uploadFailed",
} as const;

function UploadRow({ upload }: { upload: ShareUpload }) {
  const { t } = useTranslation();
  const bad = upload.state === "exists" || upload.state === "failed";
  return (
    <li className={`share-upload-row share-upload-${upload.state}`}>
      {upload.state === "done" ? (
        <CircleCheck size={20} aria-hidden />
      ) : bad ? (
        <CircleAlert size={20} aria-hidden />
      ) : (
        <Upload size={20} aria-hidden />
      )}
      <span className="share-upload-name">{upload.name}</span>
      <span className="share-upload-size">{formatSize(upload.total)}</span>
      {upload.state === "sending" ? (
        <progress
          max={upload.total || 1}
          value={upload.loaded}
          aria-label={t("sharePage.uploadProgress", { name: upload.name })}
        />
      ) : null}
      <span className="share-upload-state" role={bad ? "alert" : undefined}>
        {t(STATE_KEYS[upload.state])}
      </span>
    </li>
  );
}

/** The upload area of upload-only link `hash` whose folder is called `name`. */
export function ShareUploadArea({ hash, name }: { hash: string; name: string }) {
  const { t } = useTranslation();
  const { uploads } = useShareUploads();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  // The list belongs to this link: another link (or leaving the page) starts afresh.
  useEffect(() => clearShareUploads, [hash]);
  const take = (files: FileList | null) => {
    if (files && files.length > 0) uploadFilesToShare(hash, Array.from(files));
  };
  const onDrag = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes("Files")) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = "copy";
    setOver(true);
  };
  return (
    <section className="card share-upload" aria-labelledby="share-name">
      <h1 id="share-name" className="share-name">
        {name}
      </h1>
      <p className="muted">{t("sharePage.uploadInto", { name })}</p>
      <div
        className={`share-dropzone${over ? " share-dropzone-over" : ""}`}
        role="group"
        aria-labelledby="share-drop-text"
        onDragEnter={onDrag}
        onDragOver={onDrag}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          take(e.dataTransfer.files);
        }}
      >
        <FolderUp size={40} aria-hidden className="share-dropzone-icon" />
        <p id="share-drop-text">{t("sharePage.dropHere")}</p>
        <button type="button" className="btn btn-primary" onClick={() => input.current?.click()}>
          {t("sharePage.chooseFiles")}
        </button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label={t("sharePage.chooseFiles")}
          onChange={(e) => {
            take(e.target.files);
            e.target.value = "";
          }}
        />
      </div>
      {uploads.length > 0 && (
        <ul className="share-upload-list" aria-label={t("sharePage.uploads")}>
          {uploads.map((u) => (
            <UploadRow key={u.id} upload={u} />
          ))}
        </ul>
      )}
    </section>
  );
}
