/**
 * @module Shell overlay (docs/product.md "Shell", "Sockets"): a terminal-like panel that runs the
 * user's allowed commands in the folder on screen and streams their output; Stop or closing kills the command.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../common/Dialog";
import {
  browseHistory,
  clearShell,
  closeShell,
  endShellConnection,
  runShellLine,
  stopShellCommand,
  useShell,
} from "../../stores/shell";
import type { ShellLine } from "../../stores/shell-rules";

/** The shell overlay for folder `dir`. */
export function ShellPrompt({ dir }: { dir: string }) {
  const { t } = useTranslation();
  const { lines, running } = useShell();
  const [text, setText] = useState("");
  const output = useRef<HTMLDivElement>(null);
  useEffect(() => endShellConnection, []);
  useEffect(() => {
    const el = output.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines]);
  const submit = () => {
    if (running) return;
    runShellLine(text);
    setText("");
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "ArrowUp" && e.key !== "ArrowDown") return;
    e.preventDefault();
    setText(browseHistory(e.key === "ArrowUp" ? -1 : 1));
  };
  return (
    <Dialog
      label={t("shell.title")}
      title={t("shell.title")}
      onClose={closeShell}
      onSubmit={submit}
      wide
      actions={
        <>
          <button type="button" className="btn" onClick={clearShell} disabled={lines.length === 0}>
            {t("shell.clear")}
          </button>
          {running && (
            <button type="button" className="btn btn-danger" onClick={stopShellCommand}>
              {t("shell.stop")}
            </button>
          )}
          <button type="button" className="btn" onClick={closeShell}>
            {t("shell.close")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={running || !text.trim()}>
            {t("shell.run")}
          </button>
        </>
      }
    >
      <p className="field-hint shell-dir">{t("shell.folder", { dir })}</p>
      <div ref={output} className="shell-output" role="log" aria-label={t("shell.output")} tabIndex={0}>
        {lines.length === 0 ? (
          <p className="shell-empty">{t("shell.empty")}</p>
        ) : (
          lines.map((line, i) => <OutputLine key={i} line={line} />)
        )}
      </div>
      <label className="shell-command">
        <span className="shell-prompt-sign" aria-hidden>
          $
        </span>
        <input
          className="input input-mono"
          type="text"
          value={text}
          aria-label={t("shell.command")}
          placeholder={t("shell.placeholder")}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          data-autofocus
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
      </label>
      <p className="field-hint" role="status">
        {running ? t("shell.running") : ""}
      </p>
    </Dialog>
  );
}

function OutputLine({ line }: { line: ShellLine }) {
  const { t } = useTranslation();
  const text = line.key ? t(line.key, line.values ?? {}) : line.text;
  return <div className={`shell-line shell-${line.kind}`}>{line.kind === "input" ? `$ ${text}` : text}</div>;
}
