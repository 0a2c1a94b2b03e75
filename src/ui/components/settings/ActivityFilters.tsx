/**
 * @module The filters of the Activity page (docs/product.md "Activity log"): user, action, path and a range of days.
 * A change applies after a short pause, so typing a path asks the server once.
 */
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ACTIVITY_ACTIONS, type ActivityAction } from "../../../shared/wire/activity";
import type { ActivityFilter } from "../../api/activity";

/** How long the filters wait after the last change before they apply (UI choice). */
const FILTER_DEBOUNCE_MS = 300;

/** The filter fields; `onChange` gets the whole filter once the user pauses. */
export function ActivityFilters({
  userNames,
  initial,
  onChange,
}: {
  userNames: readonly string[];
  initial: ActivityFilter;
  onChange: (filter: ActivityFilter) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<ActivityFilter>(initial);
  useEffect(() => {
    const timer = setTimeout(() => onChange(draft), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft.user, draft.action, draft.path, draft.from, draft.to]);
  const set = (change: ActivityFilter) => setDraft((d) => ({ ...d, ...change }));
  return (
    <div className="activity-filters card">
      <div className="field">
        <label className="field-label" htmlFor={`${id}-user`}>
          {t("activity.filters.user")}
        </label>
        <select
          id={`${id}-user`}
          className="input"
          value={draft.user ?? ""}
          onChange={(e) => set({ user: e.target.value })}
        >
          <option value="">{t("activity.filters.anyUser")}</option>
          {userNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-action`}>
          {t("activity.filters.action")}
        </label>
        <select
          id={`${id}-action`}
          className="input"
          value={draft.action ?? ""}
          onChange={(e) => set({ action: e.target.value as ActivityAction | "" })}
        >
          <option value="">{t("activity.filters.anyAction")}</option>
          {ACTIVITY_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(`activity.actions.${action}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field activity-path-field">
        <label className="field-label" htmlFor={`${id}-path`}>
          {t("activity.filters.path")}
        </label>
        <input
          id={`${id}-path`}
          className="input"
          type="text"
          placeholder="/"
          value={draft.path ?? ""}
          onChange={(e) => set({ path: e.target.value })}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-from`}>
          {t("activity.filters.from")}
        </label>
        <input
          id={`${id}-from`}
          className="input"
          type="date"
          value={draft.from ?? ""}
          onChange={(e) => set({ from: e.target.value })}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-to`}>
          {t("activity.filters.to")}
        </label>
        <input
          id={`${id}-to`}
          className="input"
          type="date"
          value={draft.to ?? ""}
          onChange={(e) => set({ to: e.target.value })}
        />
      </div>
    </div>
  );
}
