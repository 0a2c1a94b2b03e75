/**
 * @module Folder picker of the move and copy dialogs (docs/product.md "Folder picker"): '..' except at the root; with a
 * mouse a click picks and a double-click enters; on a touch screen a tap enters and each folder's Choose button picks
 * it. New folder makes a folder where the picker is and picks it.
 */
import { useEffect, useId, useState, type KeyboardEvent, type MouseEvent } from "react";
import { CornerLeftUp, Folder, FolderPlus, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { browseTo, makePickerFolder, pickFolder, useFolderPicker } from "../../stores/folder-picker";
import { pickerEntries, pickerDestination } from "../../stores/folder-picker-rules";
import { cleanName } from "../../stores/operation-rules";
import { useAuth } from "../../stores/auth";
import { useDoubleTap } from "../../hooks/useDoubleTap";
import { TOUCH_QUERY, useMediaQuery } from "../../hooks/useMediaQuery";
import { useAsyncSubmit } from "../common/useAsyncSubmit";
import { FieldError } from "../common/FieldError";

/** The name field of a new folder: Enter or Create makes it (never submitting the dialog), Esc or Cancel leaves. */
function NewFolderField({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState("");
  const [invalid, setInvalid] = useState(false);
  const { run, busy, error, clearError } = useAsyncSubmit();
  const errorId = useId();
  const create = () => {
    const name = cleanName(value);
    if (!name) return setInvalid(true);
    void run(async () => {
      await makePickerFolder(name);
      onDone();
    });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Enter") {
      e.preventDefault();
      create();
    } else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      onDone();
    }
  };
  const message = invalid ? t("prompts.newFolder.invalid") : error;
  return (
    <div className="picker-new">
      <div className="picker-new-row">
        <input
          className="input"
          autoFocus
          value={value}
          aria-label={t("prompts.newFolder.label")}
          placeholder={t("prompts.newFolder.label")}
          aria-invalid={message !== null}
          aria-describedby={message ? errorId : undefined}
          autoComplete="off"
          onChange={(e) => {
            setValue(e.target.value);
            setInvalid(false);
            clearError();
          }}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="icon-btn"
          aria-label={t("prompts.transfer.cancelNewFolder")}
          title={t("prompts.transfer.cancelNewFolder")}
          onClick={onDone}
        >
          <X aria-hidden />
        </button>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={create}>
          {t("prompts.newFolder.create")}
        </button>
      </div>
      <FieldError id={errorId} message={message} />
    </div>
  );
}

/** Lists the folders of the folder being browsed, starting at `start`. */
export function FolderPicker({ start }: { start: string }) {
  const { t } = useTranslation();
  const picker = useFolderPicker();
  const { user } = useAuth();
  const touch = useMediaQuery(TOUCH_QUERY);
  const tap = useDoubleTap();
  const [naming, setNaming] = useState(false);
  useEffect(() => void browseTo(start), [start]);
  const entries = picker.folder && picker.folder.path === picker.browsing ? pickerEntries(picker.folder) : [];
  const destination = pickerDestination(picker.browsing, picker.picked);
  const onClick = (path: string, e: MouseEvent) => {
    const finger = (e.nativeEvent as PointerEvent).pointerType === "touch";
    // A touch screen: one tap opens (Choose picks). A touch on a mouse-first device keeps the double tap of
    // docs/product.md "Folder picker".
    if (finger && (touch || tap(path))) void browseTo(path);
    else pickFolder(path);
  };
  return (
    <div className="folder-picker">
      <div className="picker-head">
        <p className="picker-where">
          {t("prompts.transfer.destination")} <strong>{destination}</strong>
        </p>
        {user?.perm.create && !naming && (
          <button type="button" className="btn btn-small" onClick={() => setNaming(true)}>
            <FolderPlus size={16} aria-hidden />
            {t("prompts.transfer.newFolder")}
          </button>
        )}
      </div>
      {naming && <NewFolderField onDone={() => setNaming(false)} />}
      <ul
        role="listbox"
        aria-label={t("prompts.transfer.folders")}
        className={`picker-list${touch ? " picker-touch" : ""}`}
      >
        {entries.map((e) => (
          <li
            key={e.path}
            role="option"
            aria-selected={picker.picked === e.path}
            aria-label={e.name}
            tabIndex={0}
            className={`picker-row${picker.picked === e.path ? " selected" : ""}`}
            onClick={(ev) => onClick(e.path, ev)}
            onDoubleClick={() => void browseTo(e.path)}
            onKeyDown={(ev) => {
              if (ev.target !== ev.currentTarget) return;
              if (ev.key === "Enter") {
                ev.preventDefault();
                void browseTo(e.path);
              } else if (ev.key === " ") {
                ev.preventDefault();
                pickFolder(e.path);
              }
            }}
          >
            {e.parent ? (
              <CornerLeftUp size={20} aria-hidden />
            ) : (
              <Folder size={20} aria-hidden className="file-icon icon-folder" />
            )}
            <span>{e.name}</span>
            {touch && !e.parent && (
              <button
                type="button"
                className="btn btn-small picker-choose"
                aria-pressed={picker.picked === e.path}
                aria-label={t("prompts.transfer.chooseFolder", { name: e.name })}
                onClick={(ev) => {
                  ev.stopPropagation();
                  pickFolder(e.path);
                }}
              >
                {t("prompts.transfer.choose")}
              </button>
            )}
          </li>
        ))}
        {!picker.loading && entries.length === 0 && (
          <li className="picker-empty muted">{t("prompts.transfer.noFolders")}</li>
        )}
      </ul>
      <p className="muted picker-hint">{t(touch ? "prompts.transfer.touchHint" : "prompts.transfer.hint")}</p>
    </div>
  );
}
