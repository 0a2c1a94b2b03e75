/** @module Profile sessions card: 'Log out other sessions' ends every login of this account but the one in use. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { logoutOthersRequest } from "../../api/auth";
import { notifyError, notifySuccess } from "../../notify";
import { errorMessage } from "../../api/errors";

/** Ends the account's other sessions (other browsers and devices) on request. */
export function SessionsCard() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const ended = await logoutOthersRequest();
      notifySuccess(t("settings.profile.otherSessionsEnded", { count: ended }));
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
      <div className="card-actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void run()}>
          {t("settings.profile.logoutOthers")}
        </button>
      </div>
    </section>
  );
}
