/**
 * @module The status icon of a task (docs/product.md "Task lifecycle": pending clock, doing spinner, done check, failed
 * bug, cancelled ban).
 */
import { Ban, Bug, CircleCheck, Clock, Hourglass, LoaderCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { TASK_STATUS, type TaskStatusCode } from "../../../shared/wire/task";

/** The i18n key part of each status (tasks.status.*). */
export const STATUS_NAMES = {
  [TASK_STATUS.pending]: "pending",
  [TASK_STATUS.doing]: "doing",
  [TASK_STATUS.waitCancel]: "waitCancel",
  [TASK_STATUS.cancelled]: "cancelled",
  [TASK_STATUS.done]: "done",
  [TASK_STATUS.failed]: "failed",
} as const satisfies Record<TaskStatusCode, string>;

const ICONS = {
  pending: Clock,
  doing: LoaderCircle,
  waitCancel: Hourglass,
  cancelled: Ban,
  done: CircleCheck,
  failed: Bug,
};

/** An icon named after the status (role img), spinning while the task runs; an hourglass while it is being cancelled. */
export function TaskStatusIcon({ status }: { status: TaskStatusCode }) {
  const { t } = useTranslation();
  const name = STATUS_NAMES[status];
  const Icon = ICONS[name];
  return (
    <span
      className={`task-status task-status-${name}`}
      role="img"
      aria-label={t(`tasks.status.${name}`)}
      title={t(`tasks.status.${name}`)}
    >
      <Icon aria-hidden size={18} className={name === "doing" ? "spin" : undefined} />
    </span>
  );
}
