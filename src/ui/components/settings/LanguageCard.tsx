/** @module Profile language card (docs/product.md "Profile"): a selector and an Update button. */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../stores/auth";
import { chooseLanguage } from "../../stores/preferences";
import { LOCALES, type Locale } from "../../constants";
import { normalizeLocale } from "../../i18n/detect-language";

/** Picks the interface language and saves it to the profile ('Settings updated!'). */
export function LanguageCard() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const [locale, setLocale] = useState<Locale>(normalizeLocale(i18n.language) ?? "en");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void chooseLanguage(user?.id ?? null, locale);
  };
  return (
    <form className="card" onSubmit={submit} aria-label={t("settings.profile.languageCard")}>
      <h2 className="card-title">{t("settings.profile.languageCard")}</h2>
      <label className="field">
        <span className="field-label">{t("settings.profile.language")}</span>
        <select className="input" value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {t(`settings.languages.${l}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="card-actions">
        <button type="submit" className="btn btn-primary">
          {t("settings.update")}
        </button>
      </div>
    </form>
  );
}
