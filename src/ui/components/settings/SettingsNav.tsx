/**
 * @module Settings navigation (docs/product.md "Layout"): Profile, Global, Users, Failed logs and Activity, shown only to admins.
 */
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { useAuth } from "../../stores/auth";

const SECTIONS = [
  { href: "/settings/profile", key: "settings.nav.profile" },
  { href: "/settings/global", key: "settings.nav.global" },
  { href: "/settings/users", key: "settings.nav.users" },
  { href: "/settings/logs", key: "settings.nav.logs" },
  { href: "/settings/activity", key: "settings.nav.activity" },
] as const;

/** Tabs between the settings screens; nothing for non-admins (they only have the profile). */
export function SettingsNav() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [location] = useLocation();
  if (!user?.perm.admin) return null;
  return (
    <nav className="settings-nav" aria-label={t("settings.nav.label")}>
      {SECTIONS.map((s) => (
        <Link
          key={s.href}
          href={s.href}
          className="settings-tab"
          aria-current={location.startsWith(s.href) ? "page" : undefined}
        >
          {t(s.key)}
        </Link>
      ))}
    </nav>
  );
}
