/**
 * @module The totals table of the task panel: how many tasks each status has (docs/product.md "Task panel": shown above
 * 6 tasks).
 */
import { useTranslation } from "react-i18next";
import type { TaskMessage, TaskStatusCode } from "../../../shared/wire/task";
import { statusTotals } from "../../stores/tasks-rules";
import { STATUS_NAMES, TaskStatusIcon } from "./TaskStatusIcon";

/** A compact table: one column per status with a count, and the total. */
export function TaskTotals({ tasks }: { tasks: readonly TaskMessage[] }) {
  const { t } = useTranslation();
  const totals = statusTotals(tasks);
  const statuses = Object.keys(STATUS_NAMES).map(Number) as TaskStatusCode[];
  return (
    <table className="task-totals">
      <caption>{t("tasks.totals")}</caption>
      <thead>
        <tr>
          {statuses.map((s) => (
            <th key={s} scope="col">
              <TaskStatusIcon status={s} />
            </th>
          ))}
          <th scope="col">{t("tasks.total")}</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          {statuses.map((s) => (
            <td key={s}>{totals[s]}</td>
          ))}
          <td>{tasks.length}</td>
        </tr>
      </tbody>
    </table>
  );
}
