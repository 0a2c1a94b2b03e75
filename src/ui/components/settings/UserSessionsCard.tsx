/** @module User admin: the sessions of the user being edited, each revocable, and 'End all sessions'. */
import { useTranslation } from "react-i18next";
import { SessionList } from "./SessionList";

/** The sessions card of the edit-user screen. */
export function UserSessionsCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-label={t("settings.sessions.adminTitle")}>
      <h2 className="card-title">{t("settings.sessions.adminTitle")}</h2>
      <p className="muted">{t("settings.sessions.endAllHint")}</p>
      <SessionList userId={userId} endAll />
    </section>
  );
}
