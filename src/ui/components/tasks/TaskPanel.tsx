/**
 * @module Task panel (docs/product.md "Task panel", "Task lifecycle"): the user's tasks with their buttons, bulk
 * actions, the totals above 6 tasks, 'no task', and the not-connected text (above the last known list after a
 * disconnect). Shown only with execute; Esc and q close it.
 */
import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../stores/auth";
import { toggleTaskPanel, useLayout } from "../../stores/layout";
import { useTasks } from "../../stores/tasks";
import { showsTotals } from "../../stores/tasks-rules";
import { TaskBulkActions } from "./TaskBulkActions";
import { TaskRow } from "./TaskRow";
import { TaskTotals } from "./TaskTotals";

/** The panel, when open and allowed: a side panel on desktop, a bottom sheet on phones (menus.css, actions.css). */
export function TaskPanel() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { taskPanelOpen } = useLayout();
  const { tasks, connected } = useTasks();
  const ref = useRef<HTMLElement>(null);
  const allowed = Boolean(user && (user.perm.admin || user.perm.execute));
  const open = taskPanelOpen && allowed;
  useEffect(() => {
    // Opened by a key or a button: keyboard users land in the panel, and go back where they were when it closes.
    if (!open) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.focus();
    return () => before?.focus();
  }, [open]);
  if (!open) return null;
  return (
    <aside className="task-panel" aria-labelledby="task-panel-title" ref={ref} tabIndex={-1}>
      <header className="task-panel-head">
        <strong id="task-panel-title">{t("tasks.title")}</strong>
        <button type="button" className="icon-btn" aria-label={t("tasks.close")} onClick={() => toggleTaskPanel(false)}>
          <X aria-hidden />
        </button>
      </header>
      {!connected && (
        <p className="muted task-panel-empty" role="status">
          {t("tasks.notConnected")}
        </p>
      )}
      {(connected || tasks.length > 0) && (
        <>
          <TaskBulkActions />
          {showsTotals(tasks.length) && <TaskTotals tasks={tasks} />}
          {tasks.length === 0 ? (
            <p className="muted task-panel-empty" role="status">
              {t("tasks.empty")}
            </p>
          ) : (
            <ul className="task-list" aria-label={t("tasks.list")}>
              {tasks.map((task) => (
                <TaskRow key={task.TaskID} task={task} showUser={Boolean(user?.perm.admin)} />
              ))}
            </ul>
          )}
        </>
      )}
    </aside>
  );
}
