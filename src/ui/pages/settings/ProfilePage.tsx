/**
 * @module /settings/profile (docs/product.md "Profile"): language, theme, click preference, password (unless locked),
 * 2FA and sessions cards.
 */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../stores/auth";
import { config } from "../../stores/config";
import { loadProfile, useProfile } from "../../stores/profile";
import { SettingsFrame } from "../../components/settings/SettingsFrame";
import { LanguageCard } from "../../components/settings/LanguageCard";
import { ThemeCard } from "../../components/settings/ThemeCard";
import { SingleClickCard } from "../../components/settings/SingleClickCard";
import { PasswordCard } from "../../components/settings/PasswordCard";
import { OtpCard } from "../../components/settings/OtpCard";
import { SessionsCard } from "../../components/settings/SessionsCard";

/** Profile settings of the logged-in user. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { account } = useProfile();
  const id = user?.id;
  useEffect(() => {
    if (id !== undefined) void loadProfile(id);
  }, [id]);
  const mine = account && account.id === id ? account : null;
  return (
    <SettingsFrame title={t("settings.profile.title")}>
      <LanguageCard />
      <ThemeCard />
      <SingleClickCard />
      {mine && !mine.lockPassword && <PasswordCard />}
      {mine && <OtpCard />}
      {mine && !config.noAuth && <SessionsCard userId={mine.id} />}
    </SettingsFrame>
  );
}
