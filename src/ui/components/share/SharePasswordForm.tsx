/**
 * @module The password prompt of a password link (docs/product.md "Share page"): a small centred form whose password
 * goes in the POST body only; a wrong password or a ban shows as a translated sentence under the field.
 */
import { useState, type FormEvent } from "react";
import { LockKeyhole } from "lucide-react";
import { useTranslation } from "react-i18next";
import { unlockShare, usePublicShare } from "../../stores/public-share";

const ERROR_KEYS = {
  wrong: "sharePage.wrongPassword",
  banned: "sharePage.passwordBanned",
  failed: "sharePage.unlockFailed",
} as const;

/** The form shown while the share answers 401. */
export function SharePasswordForm() {
  const { t } = useTranslation();
  const { unlocking, unlockError } = usePublicShare();
  const [password, setPassword] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password) void unlockShare(password);
  };
  return (
    <form className="card share-password" onSubmit={submit} aria-labelledby="share-password-title" method="post">
      <LockKeyhole size={40} aria-hidden className="share-password-icon" />
      <h1 id="share-password-title">{t("sharePage.passwordProtected")}</h1>
      <label className="field">
        <span className="field-label">{t("sharePage.password")}</span>
        <input
          className="input"
          type="password"
          name="password"
          autoComplete="off"
          required
          autoFocus
          value={password}
          aria-invalid={unlockError ? true : undefined}
          aria-describedby={unlockError ? "share-password-error" : undefined}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      {unlockError && (
        <p id="share-password-error" className="field-error" role="alert">
          {t(ERROR_KEYS[unlockError])}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={unlocking}>
        {t("sharePage.open")}
      </button>
    </form>
  );
}
