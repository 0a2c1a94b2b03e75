/**
 * @module Change password card (docs/product.md "Profile", "Password change"): green when equal, red when not; the
 * current password proves the change is the owner's (docs/security.md "Password changes").
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { passwordMatch } from "../../stores/password-rules";
import { savePassword } from "../../stores/profile";

/** Current password, new password and confirmation; submitted only when the new two are equal and non-empty. */
export function PasswordCard() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const match = passwordMatch(password, confirm);
  const state = match === "empty" ? undefined : match;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await savePassword(current, password, confirm)) {
      setCurrent("");
      setPassword("");
      setConfirm("");
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-label={t("settings.profile.passwordCard")}>
      <h2 className="card-title">{t("settings.profile.passwordCard")}</h2>
      <input
        className="input"
        type="password"
        name="current-password"
        autoComplete="current-password"
        placeholder={t("settings.profile.currentPassword")}
        aria-label={t("settings.profile.currentPassword")}
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <input
        className="input"
        type="password"
        name="new-password"
        autoComplete="new-password"
        data-match={state}
        aria-invalid={match === "mismatch"}
        placeholder={t("settings.profile.newPassword")}
        aria-label={t("settings.profile.newPassword")}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <input
        className="input"
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        data-match={state}
        aria-invalid={match === "mismatch"}
        placeholder={t("settings.profile.confirmPassword")}
        aria-label={t("settings.profile.confirmPassword")}
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      {match !== "empty" && (
        <p className={`field-hint match-${match}`} aria-live="polite">
          {t(match === "match" ? "settings.profile.passwordsMatch" : "settings.profile.passwordsDiffer")}
        </p>
      )}
      <div className="card-actions">
        <button type="submit" className="btn btn-primary">
          {t("settings.update")}
        </button>
      </div>
    </form>
  );
}
