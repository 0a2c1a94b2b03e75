/** @module Task panel frame (SPEC §2 Task panel): shown to users with execute; lists nothing until the task connection exists. */
import { X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../stores/auth";
import { toggleTaskPanel, useLayout } from "../../stores/layout";

/** The panel, when open and allowed. Without a task connection it says so (SPEC §2: an empty panel without a connection). */
export function TaskPanel() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { taskPanelOpen } = useLayout();
  if (!taskPanelOpen || !user || !(user.perm.admin || user.perm.execute)) return null;
  return (
    <aside className="task-panel" aria-label={t("tasks.title")}>
      <header className="task-panel-head">
        <strong>{t("tasks.title")}</strong>
        <button type="button" className="icon-btn" aria-label={t("tasks.close")} onClick={() => toggleTaskPanel(false)}>
          <X aria-hidden />
        </button>
      </header>
      <p className="muted task-panel-empty">{t("tasks.notConnected")}</p>
    </aside>
  );
}
