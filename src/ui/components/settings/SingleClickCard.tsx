/** @module Profile card of the listing's click preference: "Open with a single click" for mouse users, saved at once ('Settings updated!'). */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../stores/auth";
import { saveProfileField } from "../../stores/profile-field";
import { CheckField } from "./fields";

/** A checkbox bound to the user's singleClick field (off by default: a click selects, a double-click opens). */
export function SingleClickCard() {
  const { t } = useTranslation();
  const { user } = useAuth();
  // Shown at once; the saved value comes back with the renewed token.
  const [on, setOn] = useState(Boolean(user?.singleClick));
  if (!user) return null;
  const change = (next: boolean) => {
    setOn(next);
    void saveProfileField(user.id, "singleClick", next);
  };
  return (
    <section className="card" aria-labelledby="files-card-title">
      <h2 className="card-title" id="files-card-title">
        {t("settings.profile.filesCard")}
      </h2>
      <CheckField label={t("settings.profile.singleClick")} checked={on} onChange={change} />
      <p className="field-hint">{t("settings.profile.singleClickHint")}</p>
    </section>
  );
}
