/**
 * @module 'More options' of the Share dialog: a disclosure holding a password, 'Upload only' (folders), a
 * download limit and a download speed (KiB/s) for the next link the dialog creates.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronDown, ChevronRight } from "lucide-react";
import { SHARE_DOWNLOAD_LIMIT_MAX } from "../../../shared/wire/share";

/** What the options hold as typed. */
export interface ShareOptionValues {
  password: string;
  uploadOnly: boolean;
  /** The limit as typed ("" = no limit). */
  limit: string;
  /** The download speed in KiB/s as typed ("" = unlimited). */
  rate: string;
}

/** The collapsed options row; `limitInvalid` and `rateInvalid` mark their field and show why creation is blocked. */
export function ShareMoreOptions(props: {
  isDir: boolean;
  values: ShareOptionValues;
  onChange: (v: ShareOptionValues) => void;
  limitInvalid: boolean;
  rateInvalid: boolean;
}) {
  const { isDir, values, onChange, limitInvalid, rateInvalid } = props;
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const set = (patch: Partial<ShareOptionValues>) => onChange({ ...values, ...patch });
  return (
    <div className="share-more">
      <button
        type="button"
        className="share-more-toggle"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        {open ? <ChevronDown size={18} aria-hidden /> : <ChevronRight size={18} aria-hidden />}
        {t("share.moreOptions")}
      </button>
      <div id={`${id}-panel`} className="share-more-panel" hidden={!open}>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-pw`}>
            {t("share.password")}
          </label>
          <input
            id={`${id}-pw`}
            className="input"
            type="password"
            autoComplete="new-password"
            aria-describedby={`${id}-pw-hint`}
            value={values.password}
            onChange={(e) => set({ password: e.target.value })}
          />
          <span id={`${id}-pw-hint`} className="muted field-hint">
            {t("share.passwordHint")}
          </span>
        </div>
        {isDir && (
          <div className="share-upload-only">
            <label className="check">
              <input
                type="checkbox"
                checked={values.uploadOnly}
                aria-describedby={`${id}-upload`}
                onChange={(e) => set({ uploadOnly: e.target.checked })}
              />
              <span>{t("share.uploadOnly")}</span>
            </label>
            <span id={`${id}-upload`} className="muted field-hint">
              {t("share.uploadOnlyHint")}
            </span>
          </div>
        )}
        <div className="field">
          <label className="field-label" htmlFor={`${id}-limit-input`}>
            {t("share.downloadLimit")}
          </label>
          <input
            id={`${id}-limit-input`}
            className="input"
            type="number"
            min={1}
            max={SHARE_DOWNLOAD_LIMIT_MAX}
            step={1}
            inputMode="numeric"
            aria-invalid={limitInvalid}
            aria-describedby={`${id}-limit`}
            value={values.limit}
            onChange={(e) => set({ limit: e.target.value })}
          />
          <span id={`${id}-limit`} className={limitInvalid ? "field-hint field-error" : "muted field-hint"}>
            {limitInvalid ? t("share.downloadLimitInvalid") : t("share.downloadLimitHint")}
          </span>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-rate-input`}>
            {t("share.downloadRate")}
          </label>
          <input
            id={`${id}-rate-input`}
            className="input"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            aria-invalid={rateInvalid}
            aria-describedby={`${id}-rate`}
            value={values.rate}
            onChange={(e) => set({ rate: e.target.value })}
          />
          <span id={`${id}-rate`} className={rateInvalid ? "field-hint field-error" : "muted field-hint"}>
            {rateInvalid ? t("share.downloadRateInvalid") : t("share.downloadRateHint")}
          </span>
        </div>
      </div>
    </div>
  );
}
