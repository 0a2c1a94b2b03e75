/**
 * @module The index status line and "Rebuild index" button of the Indexed Search fieldset: entries,
 * last build time and "building now" while a walk runs (asked again every few seconds meanwhile), and a notice when
 * the system's watch limit leaves folders whose outside changes wait for the refresh interval.
 */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { AlertTriangle, RefreshCw } from "lucide-react";
import type { SearchIndexWatch } from "../../../api/search-index";
import { rebuildIndex, useIndexStatus, watchIndexStatus } from "../../../stores/search-index";
import { indexPhase } from "../../../stores/search-index-rules";

/** The status of the server's file index and the button that rebuilds it from scratch (admins: this screen is theirs). */
export function IndexStatus() {
  const { t, i18n } = useTranslation();
  const snap = useIndexStatus();
  useEffect(() => watchIndexStatus(), []);
  const phase = indexPhase(snap.status, snap.requested);
  const s = snap.status;
  // Each part is its own span so a narrow screen wraps between them, not inside.
  let parts: string[];
  if (snap.error) parts = [snap.error];
  else if (!s) parts = [t("settings.loading")];
  else if (phase === "absent") parts = [t("settings.global.search.absent")];
  else {
    const entries = t("settings.global.search.entries", {
      count: new Intl.NumberFormat(i18n.language).format(s.entries),
    });
    const built =
      s.builtAt === null
        ? t("settings.global.search.neverBuilt")
        : t("settings.global.search.builtAt", { date: builtText(s.builtAt, i18n.language) });
    parts = [entries, built];
  }
  return (
    <div className="index-status">
      <p
        className={`index-status-line${snap.error ? " is-error" : ""}`}
        role="status"
        aria-label={t("settings.global.search.status")}
      >
        {parts.map((part) => (
          <span key={part}>{part}</span>
        ))}
        {phase === "building" && !snap.error && (
          <span className="index-building">
            <span className="spinner spinner-inline" aria-hidden />
            {t("settings.global.search.building")}
          </span>
        )}
      </p>
      <button
        type="button"
        className="btn"
        onClick={() => void rebuildIndex()}
        disabled={snap.busy || phase !== "idle" || !!snap.error}
      >
        <RefreshCw size={16} aria-hidden />
        {t("settings.global.search.rebuild")}
      </button>
      {s?.watch?.short && !snap.error && <WatchShortNotice watch={s.watch} />}
    </div>
  );
}

/** Says that the system's watch limit left folders unwatched, so outside changes there wait for the refresh. */
function WatchShortNotice({ watch }: { watch: SearchIndexWatch }) {
  const { t, i18n } = useTranslation();
  const folders = new Intl.NumberFormat(i18n.language).format(watch.folders);
  return (
    <p className="index-watch-short" role="note">
      <AlertTriangle size={16} aria-hidden />
      <span>
        {watch.intervalMinutes > 0
          ? t("settings.global.search.watchShort", { folders, minutes: watch.intervalMinutes })
          : t("settings.global.search.watchShortNoInterval", { folders })}
      </span>
    </p>
  );
}

/** The last build time in the interface language ("Nov 25, 2026, 5:04:43 PM"). */
function builtText(ms: number, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "medium" }).format(new Date(ms));
}
