/**
 * @module Share dialog (SPEC §2 Share dialog, §5 Share duration): the item's links with their expiry, copy and
 * delete, the download speed and option badges; a Permalink button while no permanent link exists; a duration (number and unit), More
 * options (password, upload only, download limit, download speed) and Create.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Copy, Link2, Trash2 } from "lucide-react";
import { Dialog } from "../common/Dialog";
import { closePrompt } from "../../stores/layout";
import { copyShareUrl, createShare, loadLinksOf, removeShare, useShares } from "../../stores/shares";
import { expiryText, parseDownloadLimit, parseDownloadRate, parseShareDuration, shareOptions, showPermalink } from "../../stores/share-rules";
import { ShareMoreOptions, type ShareOptionValues } from "./ShareMoreOptions";
import { ShareBadges } from "./ShareBadges";
import { ShareRateEditor } from "./ShareRateEditor";
import { DEFAULT_SHARE_UNIT, SHARE_UNIT_CHOICES } from "../../constants";
import { SHARE_EXPIRES_MAX, type ShareUnit } from "../../../shared/wire/share";

const NO_OPTIONS: ShareOptionValues = { password: "", uploadOnly: false, limit: "", rate: "" };

/** Shares `path` (a folder path ends with "/"). */
export function SharePrompt({ path }: { path: string }) {
  const { t, i18n } = useTranslation();
  const { links, creating } = useShares();
  const [amount, setAmount] = useState("");
  const [unit, setUnit] = useState<ShareUnit>(DEFAULT_SHARE_UNIT);
  const [more, setMore] = useState<ShareOptionValues>(NO_OPTIONS);
  useEffect(() => void loadLinksOf(path), [path]);
  const expires = parseShareDuration(amount);
  const limit = parseDownloadLimit(more.limit);
  const rate = parseDownloadRate(more.rate);
  const invalid = limit === null || rate === null;
  const isDir = path.endsWith("/");
  const options = invalid ? undefined : shareOptions({ ...more, isDir, downloadLimit: limit, downloadRate: rate });
  const now = Math.floor(Date.now() / 1000);
  // Options belong to the link just made: the next one starts plain, and the typed password is not kept.
  const make = async (duration?: { expires: number; unit: ShareUnit }) => {
    if (await createShare(duration, options)) setMore(NO_OPTIONS);
  };
  const create = () => {
    if (expires === null || invalid) return;
    void make({ expires, unit });
  };
  return (
    <Dialog
      label={t("share.title")}
      title={t("share.title")}
      onClose={closePrompt}
      onSubmit={create}
      wide
      actions={
        <button type="button" className="btn" onClick={closePrompt}>
          {t("share.close")}
        </button>
      }
    >
      <p className="dialog-text share-item">{path.replace(/\/$/, "").split("/").pop() || "/"}</p>
      {!links ? (
        <p className="muted" role="status">{t("share.loading")}</p>
      ) : (
        <ul className="share-links" aria-label={t("share.links")}>
          {links.length === 0 && <li className="muted share-empty">{t("share.none")}</li>}
          {links.map((link) => {
            const when = expiryText(link.expire, now, i18n.language, t("share.permanent"));
            return (
              <li key={link.hash} className="share-link">
                <Link2 size={18} aria-hidden className="share-link-icon" />
                <span className="share-link-when">
                  <span>{when}</span>
                  <ShareBadges link={link} withCount />
                </span>
                {!link.uploadOnly && <ShareRateEditor hash={link.hash} rate={link.downloadRate} name={when} />}
                <button type="button" className="icon-btn" aria-label={t("share.copyNamed", { name: when })} title={t("share.copy")} onClick={() => void copyShareUrl(link.hash)}>
                  <Copy size={18} aria-hidden />
                </button>
                <button type="button" className="icon-btn" aria-label={t("share.deleteNamed", { name: when })} title={t("share.delete")} onClick={() => void removeShare(link.hash)}>
                  <Trash2 size={18} aria-hidden />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <ShareMoreOptions isDir={isDir} values={more} onChange={setMore} limitInvalid={limit === null} rateInvalid={rate === null} />
      {links && showPermalink(links) && (
        <button type="button" className="btn share-permalink" disabled={creating || invalid} onClick={() => void make()}>
          {t("share.permalink")}
        </button>
      )}
      <fieldset className="share-create">
        <legend className="field-label">{t("share.duration")}</legend>
        <input
          className="input"
          type="number"
          min={0}
          max={SHARE_EXPIRES_MAX}
          data-autofocus
          inputMode="numeric"
          aria-label={t("share.amount")}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <select className="input" aria-label={t("share.unit")} value={unit} onChange={(e) => setUnit(e.target.value as ShareUnit)}>
          {SHARE_UNIT_CHOICES.map((u) => (
            <option key={u} value={u}>
              {t(`share.units.${u}`)}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn-primary" disabled={expires === null || invalid || creating}>
          {t("share.create")}
        </button>
      </fieldset>
    </Dialog>
  );
}
