/**
 * @module The frame of the four task dialogs (docs/product.md "Overlay dialogs"): the item, the fields, Cancel and
 * Start.
 */
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { TASK_DEFAULTS, type TaskKindName, type TaskParamsByKind } from "../../../shared/wire/task";
import { CancelSubmitActions, Dialog } from "../common/Dialog";
import { closePrompt } from "../../stores/layout";
import { startTask } from "../../stores/tasks";
import { trimParams } from "../../stores/tasks-rules";

/** A dialog's params, starting from the kind's defaults (src/shared/wire/task.ts TASK_DEFAULTS), and a setter per field. */
export function useTaskParams<K extends TaskKindName>(kind: K, start: Partial<TaskParamsByKind[K]> = {}) {
  const [params, setParams] = useState<TaskParamsByKind[K]>(
    () => ({ ...TASK_DEFAULTS[kind], ...start }) as TaskParamsByKind[K],
  );
  const set =
    <F extends keyof TaskParamsByKind[K]>(field: F) =>
    (value: TaskParamsByKind[K][F]) =>
      setParams((p) => ({ ...p, [field]: value }));
  return { params, set };
}

/**
 * Sends the task for `path` with trimmed text params (`keep` as typed), then closes the dialog; the store shows
 * the 'has been send to background' message, or the closed-connection error and the dialog stays.
 */
export function submitTask<K extends TaskKindName>(
  kind: K,
  path: string,
  params: TaskParamsByKind[K],
  keep: (keyof TaskParamsByKind[K])[] = [],
): boolean {
  const sent = startTask({ Task: kind, TargetPath: path, Params: trimParams(params, keep) } as Parameters<
    typeof startTask
  >[0]);
  if (sent) closePrompt();
  return sent;
}

/** The dialog frame: title, the item's path, the fields, and the Start button that submits. */
export function TaskPrompt({
  title,
  path,
  onSubmit,
  children,
}: {
  title: string;
  path: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      wide
      label={title}
      title={title}
      onClose={closePrompt}
      onSubmit={onSubmit}
      actions={<CancelSubmitActions onCancel={closePrompt} submitLabel={t("prompts.task.start")} />}
    >
      <p className="task-prompt-item">
        <span className="field-label">{t("prompts.task.item")}</span> <code title={path}>{path}</code>
      </p>
      <div className="task-fields">{children}</div>
    </Dialog>
  );
}
