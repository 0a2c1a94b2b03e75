/** @module The login screen (docs/product.md "Login"): branding, errors above the form, login or signup. */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "wouter";
import { config } from "../stores/config";
import { login } from "../stores/auth";
import { signupRequest } from "../api/auth";
import { loginFailure, needsPasscode, type LoginFailure } from "../auth/login-errors";
import { Logo } from "../components/layout/Logo";

/** Login form; a successful login is followed by the route guard's redirect. */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [signup, setSignup] = useState(config.signup && params.get("signup") === "1");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [passcode, setPasscode] = useState("");
  const [askPasscode, setAskPasscode] = useState(false);
  const [captcha, setCaptcha] = useState("");
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (signup && password !== confirm) {
      setFailure({ key: "login.errors.passwordsMismatch" });
      return;
    }
    // docs/product.md "Login fields": with captcha on, an empty response is refused as wrong credentials without a
    // call.
    if (config.captcha && !captcha.trim()) {
      setFailure({ key: "login.errors.wrongCredentials" });
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      if (signup) {
        await signupRequest(username.trim(), password);
        setSignup(false); // the account exists now: a failed login after it is retried as a login
      }
      await login({ username: username.trim(), password, otpPasscode: passcode.trim(), recaptcha: captcha.trim() });
    } catch (err) {
      if (needsPasscode(err)) setAskPasscode(true);
      setFailure(loginFailure(err));
      setBusy(false);
    }
  };

  return (
    <div className="login-page">
      <form className="login-card" onSubmit={submit} aria-label={t(signup ? "login.signupTitle" : "login.title")}>
        <div className="login-brand">
          <Logo size={48} />
          <h1>{config.name}</h1>
          {config.description && <p className="muted login-description">{config.description}</p>}
        </div>
        {failure && (
          <div className="login-error" role="alert">
            {"detail" in failure ? failure.detail : t(failure.key)}
          </div>
        )}
        <input
          className="input"
          name="username"
          autoComplete="username"
          required
          autoFocus
          placeholder={t("login.username")}
          aria-label={t("login.username")}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <input
          className="input"
          name="password"
          type="password"
          autoComplete={signup ? "new-password" : "current-password"}
          required
          placeholder={t("login.password")}
          aria-label={t("login.password")}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {signup && (
          <input
            className="input"
            name="passwordConfirm"
            type="password"
            autoComplete="new-password"
            required
            placeholder={t("login.passwordConfirm")}
            aria-label={t("login.passwordConfirm")}
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        )}
        {askPasscode && !signup && (
          <>
            <p className="muted login-hint">{t("login.passcodeHint")}</p>
            <input
              className="input"
              name="otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              maxLength={6}
              placeholder={t("login.passcode")}
              aria-label={t("login.passcode")}
              value={passcode}
              onChange={(e) => setPasscode(e.target.value.replace(/\D/g, ""))}
            />
          </>
        )}
        {config.captcha && (
          <input
            className="input"
            name="recaptcha"
            autoComplete="off"
            placeholder={t("login.captcha")}
            aria-label={t("login.captcha")}
            value={captcha}
            onChange={(e) => setCaptcha(e.target.value)}
          />
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {t(signup ? "login.signupSubmit" : "login.submit")}
        </button>
        {config.signup && (
          <button type="button" className="link-btn" onClick={() => (setSignup(!signup), setFailure(null))}>
            {t(signup ? "login.toLogin" : "login.toSignup")}
          </button>
        )}
      </form>
    </div>
  );
}
