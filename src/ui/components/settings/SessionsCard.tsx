/**
 * @module Profile sessions card: every live login of this account with its browser, IP and last use, each
 * revocable, and 'Log out other sessions', which ends every login but the one in use.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { logoutOthersRequest } from "../../api/auth";
import { notifyError, notifySuccess } from "../../notify";
import { errorMessage } from "../../api/errors";
import { SessionList } from "./SessionList";

/** The signed-in user's sessions (other browsers and devices), revocable one by one or all at once. */
export function SessionsCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const run = async () => {
    setBusy(true);
    try {
      const ended = await logoutOthersRequest();
      notifySuccess(t("settings.profile.otherSessionsEnded", { count: ended }));
      setReloadKey((k) => k + 1);
    } catch (err) {
      notifyError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card" aria-label={t("settings.profile.sessionsCard")}>
      <h2 className="card-title">{t("settings.profile.sessionsCard")}</h2>
      <p>{t("settings.profile.sessionsHint")}</p>
      <SessionList userId={userId} reloadKey={reloadKey} />
      <div className="card-actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void run()}>
          {t("settings.profile.logoutOthers")}
        </button>
      </div>
    </section>
  );
}
