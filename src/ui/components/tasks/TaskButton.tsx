/**
 * @module The header's task button (docs/product.md "Task panel"): toggles the panel and shows the count of unfinished
 * tasks.
 */
import { ClipboardList } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../stores/auth";
import { toggleTaskPanel, useLayout } from "../../stores/layout";
import { useTasks } from "../../stores/tasks";
import { activeCount } from "../../stores/tasks-rules";

/** The button, only for users with execute; the badge shows while tasks are pending or running. */
export function TaskButton() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { taskPanelOpen } = useLayout();
  const { tasks } = useTasks();
  if (!user || !(user.perm.admin || user.perm.execute)) return null;
  const count = activeCount(tasks);
  const label = t("tasks.button", { count });
  return (
    <button
      type="button"
      className="icon-btn task-button"
      aria-label={label}
      title={label}
      aria-pressed={taskPanelOpen}
      onClick={() => toggleTaskPanel()}
    >
      <ClipboardList aria-hidden />
      {count > 0 && (
        <span className="task-badge" aria-hidden>
          {count}
        </span>
      )}
    </button>
  );
}
