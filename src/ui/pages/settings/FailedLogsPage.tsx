/** @module /settings/logs: failed logins per IP with removal (docs/product.md "Failed logins"). */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Trash2 } from "lucide-react";
import { loadFailedLogs, removeLog, useFailedLogs } from "../../stores/failed-logs";
import { SettingsFrame } from "../../components/settings/SettingsFrame";
import { ConfirmDialog } from "../../components/settings/ConfirmDialog";
import { formatFullDate } from "../../format/format-date";
import { currentLanguage } from "../../i18n";

/**
 * Columns IP, Time, Failed, Banned, User and Op. The Passwd column is left out: nothing of a tried password
 * is kept (docs/security.md "Failed logins"), so it would only ever be empty.
 */
export function FailedLogsPage() {
  const { t } = useTranslation();
  const { logs } = useFailedLogs();
  const [removing, setRemoving] = useState<string | null>(null);
  useEffect(() => void loadFailedLogs(), []);
  const confirm = () => {
    if (removing) void removeLog(removing);
    setRemoving(null);
  };
  return (
    <SettingsFrame title={t("settings.logs.title")} wide>
      <div className="card card-flush table-scroll">
        {!logs ? (
          <p className="muted card-pad">{t("settings.loading")}</p>
        ) : logs.length === 0 ? (
          <p className="muted card-pad">{t("settings.logs.empty")}</p>
        ) : (
          <table className="data-table" aria-label={t("settings.logs.title")}>
            <thead>
              <tr>
                <th>{t("settings.logs.ip")}</th>
                <th>{t("settings.logs.time")}</th>
                <th>{t("settings.logs.failed")}</th>
                <th>{t("settings.logs.banned")}</th>
                <th>{t("settings.logs.user")}</th>
                <th>{t("settings.logs.op")}</th>
              </tr>
            </thead>
            <tbody>
              {logs.map((log) => (
                <tr key={log.ip}>
                  <td className="cell-mono">{log.ip}</td>
                  <td>{formatFullDate(log.loginAt, currentLanguage())}</td>
                  <td>{log.failedAttemptsCount}</td>
                  <td>
                    {log.banned ? (
                      <span className="badge badge-danger">{t("settings.yes")}</span>
                    ) : (
                      <span className="muted">{t("settings.no")}</span>
                    )}
                  </td>
                  <td>{log.lastUsername}</td>
                  <td className="cell-action">
                    <button
                      type="button"
                      className="icon-btn"
                      aria-label={`${t("settings.logs.remove")} ${log.ip}`}
                      title={t("settings.logs.remove")}
                      onClick={() => setRemoving(log.ip)}
                    >
                      <Trash2 size={16} aria-hidden />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {removing && (
        <ConfirmDialog
          title={t("settings.logs.removeTitle")}
          message={t("settings.logs.removeConfirm")}
          confirmLabel={t("settings.logs.remove")}
          onConfirm={confirm}
          onClose={() => setRemoving(null)}
        />
      )}
    </SettingsFrame>
  );
}
