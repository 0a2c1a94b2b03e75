/**
 * @module Bulk buttons of the task panel (docs/product.md "Task panel"): remove completed, cancel all, remove all
 * (running ones are skipped).
 */
import { useTranslation } from "react-i18next";
import { runBulk } from "../../stores/tasks";
import type { BulkAction } from "../../stores/tasks-rules";

const ACTIONS: BulkAction[] = ["removeCompleted", "cancelAll", "removeAll"];

/** The three buttons; each says 'no task …' when there is nothing to act on. */
export function TaskBulkActions() {
  const { t } = useTranslation();
  return (
    <div className="task-bulk" role="group" aria-label={t("tasks.bulk.label")}>
      {ACTIONS.map((a) => (
        <button key={a} type="button" className="btn btn-small" onClick={() => runBulk(a)}>
          {t(`tasks.bulk.${a}`)}
        </button>
      ))}
    </div>
  );
}
