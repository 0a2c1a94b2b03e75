/**
 * @module One task of the panel: status, kind, path link, message with progress, times and its buttons (docs/product.md
 * "Task panel", "Task lifecycle").
 */
import { Ban, RotateCcw, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { TaskMessage } from "../../../shared/wire/task";
import { filesRoute } from "../../format/encode-path";
import { formatDuration } from "../../format/format-duration";
import { currentLanguage } from "../../i18n";
import { controlTask, taskText } from "../../stores/tasks";
import { progressPercent, taskButtons } from "../../stores/tasks-rules";
import { TaskStatusIcon } from "./TaskStatusIcon";

const when = (seconds: number) =>
  new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "short", timeStyle: "short" }).format(
    new Date(seconds * 1000),
  );

/** A row; `showUser` adds the owner (admins see every user's tasks). */
export function TaskRow({ task, showUser }: { task: TaskMessage; showUser: boolean }) {
  const { t } = useTranslation();
  const buttons = taskButtons(task);
  const percent = progressPercent(task.Message);
  const kind = t(`tasks.kinds.${task.Task}`);
  // Added when; then how long it took, or since when it runs (docs/product.md "Task": AddTime, StartTime, EndTime in
  // seconds).
  const times = [
    t("tasks.added", { time: when(task.AddTime) }),
    task.StartTime && task.EndTime
      ? t("tasks.took", { duration: formatDuration(task.EndTime - task.StartTime, currentLanguage()) })
      : "",
    task.StartTime && !task.EndTime ? t("tasks.started", { time: when(task.StartTime) }) : "",
  ].filter(Boolean);
  return (
    <li className="task-row" aria-label={`${kind} ${task.TargetPath}`}>
      <TaskStatusIcon status={task.Status} />
      <div className="task-main">
        <div className="task-title">
          <span className="task-kind">{kind}</span>
          {showUser && task.Username && <span className="task-user">{t("tasks.user", { name: task.Username })}</span>}
        </div>
        <Link href={filesRoute(task.TargetPath)} className="task-path" title={task.TargetPath}>
          {task.TargetPath}
        </Link>
        {task.Message && <p className="task-message">{taskText(task.Message)}</p>}
        {percent !== null && task.Status === 1 && (
          <progress className="task-progress" max={100} value={percent} aria-label={t("tasks.progress")} />
        )}
        <p className="task-times muted">
          {times.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </p>
      </div>
      <div className="task-buttons">
        <RowButton
          label={t("tasks.retry")}
          enabled={buttons.retry}
          onClick={() => controlTask("retry", task.TaskID)}
          icon={<RotateCcw aria-hidden size={16} />}
        />
        <RowButton
          label={t("tasks.cancel")}
          enabled={buttons.cancel}
          onClick={() => controlTask("cancel", task.TaskID)}
          icon={<Ban aria-hidden size={16} />}
        />
        <RowButton
          label={t("tasks.remove")}
          enabled={buttons.remove}
          onClick={() => controlTask("remove", task.TaskID)}
          icon={<Trash2 aria-hidden size={16} />}
        />
      </div>
    </li>
  );
}

function RowButton({
  label,
  enabled,
  onClick,
  icon,
}: {
  label: string;
  enabled: boolean;
  onClick: () => void;
  icon: ReactNode;
}) {
  return (
    <button
      type="button"
      className="icon-btn task-btn"
      aria-label={label}
      title={label}
      disabled={!enabled}
      onClick={onClick}
    >
      {icon}
    </button>
  );
}
