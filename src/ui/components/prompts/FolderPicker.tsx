/** @module Folder picker of the move and copy dialogs (SPEC §2): '..' except at the root, double-click or double-tap enters, click picks. */
import { useEffect, type MouseEvent } from "react";
import { CornerLeftUp, Folder } from "lucide-react";
import { useTranslation } from "react-i18next";
import { browseTo, pickFolder, useFolderPicker } from "../../stores/folder-picker";
import { pickerEntries, pickerDestination } from "../../stores/folder-picker-rules";
import { useDoubleTap } from "../../hooks/useDoubleTap";

/** Lists the folders of the folder being browsed, starting at `start`. */
export function FolderPicker({ start }: { start: string }) {
  const { t } = useTranslation();
  const picker = useFolderPicker();
  const tap = useDoubleTap();
  useEffect(() => void browseTo(start), [start]);
  const entries = picker.folder && picker.folder.path === picker.browsing ? pickerEntries(picker.folder) : [];
  const destination = pickerDestination(picker.browsing, picker.picked);
  const onClick = (path: string, e: MouseEvent) => {
    const touch = (e.nativeEvent as PointerEvent).pointerType === "touch";
    if (touch && tap(path)) void browseTo(path);
    else pickFolder(path);
  };
  return (
    <div className="folder-picker">
      <p className="picker-where">
        {t("prompts.transfer.destination")} <strong>{destination}</strong>
      </p>
      <ul role="listbox" aria-label={t("prompts.transfer.folders")} className="picker-list">
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
              if (ev.key === "Enter") {
                ev.preventDefault();
                void browseTo(e.path);
              } else if (ev.key === " ") {
                ev.preventDefault();
                pickFolder(e.path);
              }
            }}
          >
            {e.parent ? <CornerLeftUp size={20} aria-hidden /> : <Folder size={20} aria-hidden className="file-icon icon-folder" />}
            <span>{e.name}</span>
          </li>
        ))}
        {!picker.loading && entries.length === 0 && <li className="picker-empty muted">{t("prompts.transfer.noFolders")}</li>}
      </ul>
      <p className="muted picker-hint">{t("prompts.transfer.hint")}</p>
    </div>
  );
}
