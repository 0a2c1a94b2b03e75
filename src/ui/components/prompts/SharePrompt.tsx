/**
 * @module Share dialog (docs/product.md "Share dialog", "Share duration"): the item's links, each with its expiry, its
 * public URL to copy, its QR code, download speed and delete; then one "Create link" with an expiry choice ("never"
 * first, presets, or a custom duration of a number and a unit) and More options (password, upload only, download limit
 * and speed). A link just made shows its QR code at once.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../common/Dialog";
import { closePrompt } from "../../stores/layout";
import { createShare, loadLinksOf, useShares } from "../../stores/shares";
import {
  chosenDuration,
  EXPIRY_CHOICES,
  EXPIRY_PRESETS,
  expiryText,
  parseDownloadLimit,
  parseDownloadRate,
  shareOptions,
  type ExpiryChoice,
} from "../../stores/share-rules";
import { ShareMoreOptions, type ShareOptionValues } from "./ShareMoreOptions";
import { ShareLinkRow } from "./ShareLinkRow";
import { SHARE_EXPIRES_MAX, SHARE_UNITS, type ShareUnit } from "../../../shared/wire/share";

/** The share duration units the Share dialog offers, in the order shown (docs/product.md "Share duration"). */
const SHARE_UNIT_CHOICES = Object.keys(SHARE_UNITS) as ShareUnit[];
/** The share duration unit chosen when the Share dialog opens (docs/product.md "Task defaults": default unit hours). */
const DEFAULT_SHARE_UNIT: ShareUnit = "hours";

const NO_OPTIONS: ShareOptionValues = { password: "", uploadOnly: false, limit: "", rate: "" };

/** A preset's name in the reader's language ("1 hour", "7 days"), from Intl rather than a word list per locale. */
function presetLabel(choice: keyof typeof EXPIRY_PRESETS, language: string): string {
  const { expires, unit } = EXPIRY_PRESETS[choice];
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit: unit === "hours" ? "hour" : "day",
    unitDisplay: "long",
  }).format(expires);
}

/** Shares `path` (a folder path ends with "/"). */
export function SharePrompt({ path }: { path: string }) {
  const { t, i18n } = useTranslation();
  const { links, creating } = useShares();
  const [choice, setChoice] = useState<ExpiryChoice>("never");
  const [amount, setAmount] = useState("");
  const [unit, setUnit] = useState<ShareUnit>(DEFAULT_SHARE_UNIT);
  const [more, setMore] = useState<ShareOptionValues>(NO_OPTIONS);
  const [qrFor, setQrFor] = useState<string | null>(null);
  useEffect(() => void loadLinksOf(path), [path]);
  const duration = chosenDuration(choice, amount, unit);
  const limit = parseDownloadLimit(more.limit);
  const rate = parseDownloadRate(more.rate);
  const invalid = limit === null || rate === null || duration === null;
  const isDir = path.endsWith("/");
  const now = Math.floor(Date.now() / 1000);
  // Options belong to the link just made: the next one starts plain, and the typed password is not kept.
  const create = async () => {
    if (invalid || creating) return;
    const link = await createShare(
      duration,
      shareOptions({ ...more, isDir, downloadLimit: limit, downloadRate: rate }),
    );
    if (!link) return;
    setMore(NO_OPTIONS);
    setQrFor(link.hash);
  };
  const when = (expire: number) =>
    expire === 0
      ? t("share.neverExpires")
      : t("share.expiresWhen", { when: expiryText(expire, now, i18n.language, "") });
  return (
    <Dialog
      label={t("share.title")}
      title={t("share.title")}
      onClose={closePrompt}
      onSubmit={() => void create()}
      wide
      actions={
        <button type="button" className="btn" onClick={closePrompt}>
          {t("share.close")}
        </button>
      }
    >
      <p className="dialog-text share-item">{path.replace(/\/$/, "").split("/").pop() || "/"}</p>
      {!links ? (
        <p className="muted" role="status">
          {t("share.loading")}
        </p>
      ) : (
        <ul className="share-links" aria-label={t("share.links")}>
          {links.length === 0 && <li className="muted share-empty">{t("share.none")}</li>}
          {links.map((link) => (
            <ShareLinkRow
              key={link.hash}
              link={link}
              when={when(link.expire)}
              qrOpen={qrFor === link.hash}
              onQr={() => setQrFor(qrFor === link.hash ? null : link.hash)}
            />
          ))}
        </ul>
      )}
      <fieldset className="share-create">
        <legend className="field-label">{t("share.newLink")}</legend>
        <label className="field share-expiry">
          <span className="field-label">{t("share.expiry")}</span>
          <select
            className="input"
            data-autofocus
            value={choice}
            onChange={(e) => setChoice(e.target.value as ExpiryChoice)}
          >
            {EXPIRY_CHOICES.map((c) => (
              <option key={c} value={c}>
                {c === "never"
                  ? t("share.expiryNever")
                  : c === "custom"
                    ? t("share.expiryCustom")
                    : presetLabel(c, i18n.language)}
              </option>
            ))}
          </select>
        </label>
        {choice === "custom" && (
          <span className="share-custom">
            <input
              className="input"
              type="number"
              min={0}
              max={SHARE_EXPIRES_MAX}
              inputMode="numeric"
              aria-label={t("share.amount")}
              aria-invalid={duration === null}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
            <select
              className="input"
              aria-label={t("share.unit")}
              value={unit}
              onChange={(e) => setUnit(e.target.value as ShareUnit)}
            >
              {SHARE_UNIT_CHOICES.map((u) => (
                <option key={u} value={u}>
                  {t(`share.units.${u}`)}
                </option>
              ))}
            </select>
          </span>
        )}
        <ShareMoreOptions
          isDir={isDir}
          values={more}
          onChange={setMore}
          limitInvalid={limit === null}
          rateInvalid={rate === null}
        />
        <button type="submit" className="btn btn-primary share-create-btn" disabled={invalid || creating}>
          {t("share.createLink")}
        </button>
      </fieldset>
    </Dialog>
  );
}
