/** @module 2FA card (docs/product.md "Profile", "Two-factor setup"): QR, key and Validate when off; Revoke when on. */
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { otpQrImage, type OtpQrMode } from "../../api/accounts";
import { qrLoaded, regenerateKey, sendPasscode, useProfile } from "../../stores/profile";
import { isPasscode } from "../../stores/password-rules";
import { ConfirmDialog } from "./ConfirmDialog";

/** The two-factor card for the logged-in user's own account. */
export function OtpCard() {
  const { t } = useTranslation();
  const { account, qrNonce, regenerate, busy } = useProfile();
  const [code, setCode] = useState("");
  const [confirming, setConfirming] = useState(false);
  const mode: OtpQrMode = regenerate ? "regenerate" : account?.otpKey ? "show" : "create";
  const qr = useQrImage(account && !account.otp ? account.id : null, mode, qrNonce);
  if (!account) return null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isPasscode(code) && (await sendPasscode(code))) setCode("");
  };
  return (
    <>
      <form className="card" onSubmit={submit} aria-label={t("settings.profile.otpCard")}>
        <h2 className="card-title">{t("settings.profile.otpCard")}</h2>
        {account.otp ? (
          <p>{t("settings.profile.otpOnHint")}</p>
        ) : (
          <div className="otp-setup">
            <img
              className="otp-qr"
              src={qr || undefined}
              alt={t("settings.profile.otpQrAlt")}
              width={180}
              height={180}
              onLoad={qrLoaded}
            />
            <div className="otp-text">
              <p>{t("settings.profile.otpInstall")}</p>
              <div className="otp-key">
                <span className="field-label">{t("settings.profile.otpKey")}</span>
                <code data-testid="otp-key">{account.otpKey || t("settings.profile.otpKeyPending")}</code>
              </div>
              <button type="button" className="link-btn link-inline" onClick={() => setConfirming(true)}>
                {t("settings.profile.regenerate")}
              </button>
              <p className="field-hint">{t("settings.profile.otpValidateHint")}</p>
            </div>
          </div>
        )}
        <div className="otp-row">
          <input
            className="input otp-input"
            name="otp-passcode"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            pattern="\d{6}"
            title={t("settings.profile.passcodeInvalid")}
            placeholder={t("settings.profile.passcode")}
            aria-label={t("settings.profile.passcode")}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
          />
          <button
            type="submit"
            className={`btn ${account.otp ? "btn-danger" : "btn-primary"}`}
            disabled={busy || !isPasscode(code)}
          >
            {t(account.otp ? "settings.profile.revoke" : "settings.profile.validate")}
          </button>
        </div>
      </form>
      {confirming && (
        <ConfirmDialog
          title={t("settings.profile.regenerate")}
          message={t("settings.profile.regenerateConfirm")}
          confirmLabel={t("settings.profile.regenerate")}
          onConfirm={() => (setConfirming(false), regenerateKey())}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}

/** Object URL of the 2FA QR image of user `id` (null: none wanted), fetched again when `nonce` changes. */
function useQrImage(id: number | null, mode: OtpQrMode, nonce: number): string {
  const [url, setUrl] = useState("");
  useEffect(() => {
    if (id === null) return;
    let made = "";
    let live = true;
    otpQrImage(id, mode, nonce)
      .then((blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => {});
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
    // `regenerate` travels with the nonce that regenerateKey() sets, and a key that appears came from this image's
    // own POST: a change of the mode alone needs no new image.
  }, [id, nonce]);
  return url;
}
