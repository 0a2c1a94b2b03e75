/** @module Profile theme card: Light / Dark / System, applied at once and saved to the profile ('Settings updated!'). */
import { useTranslation } from "react-i18next";
import { Monitor, Moon, Sun } from "lucide-react";
import { THEMES, type Theme } from "../../../shared/wire/user";
import { useAuth } from "../../stores/auth";
import { chooseTheme, useTheme } from "../../stores/theme";

const CHOICES = {
  light: { label: "settings.profile.themeLight", Icon: Sun },
  dark: { label: "settings.profile.themeDark", Icon: Moon },
  system: { label: "settings.profile.themeSystem", Icon: Monitor },
} as const;

/** A radio group of the three theme choices; picking one switches the interface and saves it. */
export function ThemeCard() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { choice } = useTheme();
  const pick = (next: Theme) => void chooseTheme(user?.id ?? null, next);
  return (
    <section className="card" aria-labelledby="theme-card-title">
      <h2 className="card-title" id="theme-card-title">
        {t("settings.profile.themeCard")}
      </h2>
      <div
        className="theme-choices"
        role="radiogroup"
        aria-labelledby="theme-card-title"
        aria-describedby="theme-card-hint"
      >
        {THEMES.map((theme) => {
          const { label, Icon } = CHOICES[theme];
          return (
            <label key={theme} className="theme-choice">
              <input type="radio" name="theme" value={theme} checked={choice === theme} onChange={() => pick(theme)} />
              <Icon size={18} aria-hidden />
              <span>{t(label)}</span>
            </label>
          );
        })}
      </div>
      <p className="field-hint" id="theme-card-hint">
        {t("settings.profile.themeHint")}
      </p>
    </section>
  );
}
