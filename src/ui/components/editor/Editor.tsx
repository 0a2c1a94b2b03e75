/**
 * @module Code editor (docs/product.md "Editor"): CodeMirror with the mode by file name, read-only for textImmutable,
 * Ctrl/Cmd+S saves, Esc closes; the bar shows the file's path; leaving with unsaved changes asks first.
 */
import { useEffect, useMemo, useState } from "react";
import CodeMirror, { EditorView, type Extension } from "@uiw/react-codemirror";
import { Save, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import type { Resource } from "../../api/resources";
import { useAuth } from "../../stores/auth";
import {
  closeEditor,
  confirmLeaveEditor,
  editText,
  isEditorDirty,
  openEditor,
  saveEditor,
  useEditor,
} from "../../stores/editor";
import { useLayout } from "../../stores/layout";
import { useTheme } from "../../stores/theme";
import { useShortcuts } from "../../keyboard/useShortcuts";
import { filesRoute, parentPath } from "../../format/encode-path";
import { loadLanguage } from "./language";
import { isMarkdownName, MarkdownPageButton } from "../preview/views/MarkdownPageButton";
import { useLeaveGuard } from "./useLeaveGuard";

/**
 * CodeMirror's basic setup without completion while typing: its pending queries take the Esc key, which here
 * closes the editor, and word popups get in the way of the prose and config files people edit here.
 */
const BASIC_SETUP = { autocompletion: false };

/** Edits `file` (its content came with the resource); the default export lets the page load it lazily. */
export default function Editor({ file }: { file: Resource }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { user } = useAuth();
  const { prompt } = useLayout();
  const { dirty, saving, loaded, revision } = useEditor();
  const { resolved: theme } = useTheme();
  const [language, setLanguage] = useState<Extension | null>(null);
  const readOnly = file.type === "textImmutable" || !(user?.perm.admin || user?.perm.modify);
  useEffect(() => {
    openEditor(file.path, file.content ?? "", file.modified);
    return closeEditor;
  }, [file.path]);
  useEffect(() => {
    let live = true;
    void loadLanguage(file.name).then((lang) => live && setLanguage(lang));
    return () => {
      live = false;
    };
  }, [file.name]);
  const extensions = useMemo(
    () => [
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ "aria-label": t("editor.content", { name: file.name }) }),
      ...(language ? [language] : []),
    ],
    [language, file.name, t],
  );
  const close = async () => {
    if (await confirmLeaveEditor()) navigate(filesRoute(parentPath(file.path)));
  };
  const afterSave = useLeaveGuard(dirty, isEditorDirty, confirmLeaveEditor);
  const save = async () => {
    if (await saveEditor()) afterSave();
  };
  useShortcuts(
    { view: "editor", promptOpen: prompt !== null, selectedCount: 0, canDelete: false },
    { save: () => !readOnly && void save(), closeEditor: () => void close() },
  );
  return (
    <div className="editor" role="region" aria-label={t("editor.label")}>
      <div className="editor-bar">
        <button
          type="button"
          className="icon-btn"
          aria-label={t("editor.close")}
          title={t("editor.close")}
          onClick={() => void close()}
        >
          <X aria-hidden />
        </button>
        {/* The folder part is cut from the left on narrow screens, so the file name stays; the whole path is the title. */}
        <h1 className="editor-name editor-path" title={file.path}>
          <span className="editor-dir">
            <bdi>{parentPath(file.path)}</bdi>
          </span>
          <span className="editor-file">{file.name}</span>
        </h1>
        {dirty && (
          <span
            className="editor-dirty"
            role="status"
            aria-label={t("editor.unsavedMark")}
            title={t("editor.unsavedMark")}
          >
            •
          </span>
        )}
        {isMarkdownName(file.name) && <MarkdownPageButton path={file.path} className="btn editor-markdown" />}
        {readOnly ? (
          <span className="editor-readonly">{t("editor.readOnly")}</span>
        ) : (
          <button
            type="button"
            className="btn btn-primary editor-save"
            aria-label={t("editor.save")}
            title={t("editor.save")}
            disabled={saving || !dirty}
            onClick={() => void save()}
          >
            <Save size={18} aria-hidden />
            <span>{t("editor.save")}</span>
          </button>
        )}
      </div>
      {/* A reload from disk starts a new document (and its undo history) rather than an edit of the old one. */}
      <CodeMirror
        key={revision}
        className="editor-code"
        value={loaded}
        height="100%"
        theme={theme}
        readOnly={readOnly}
        editable={!readOnly}
        autoFocus={!readOnly}
        basicSetup={BASIC_SETUP}
        extensions={extensions}
        onChange={editText}
      />
    </div>
  );
}
