/** @module /settings/global (SPEC §2 Global settings): the global form, user defaults and command runner cards. */
import { useEffect, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { loadSettings, saveGlobalSettings, setTopField, useSettings } from "../../stores/settings";
import type { GlobalSettings } from "../../api/settings";
import { signupReachesWholeRoot } from "../../stores/settings-rules";
import type { UserDraft } from "../../stores/user-form-rules";
import { SettingsFrame } from "../../components/settings/SettingsFrame";
import { CheckField } from "../../components/settings/fields";
import { ThumbnailFieldset, VideoFieldset } from "../../components/settings/global/MediaFieldsets";
import { SearchFieldset, SlideshowFieldset } from "../../components/settings/global/LibraryFieldsets";
import { TasksFieldset } from "../../components/settings/global/TasksFieldset";
import { PerUserLimitsFieldset } from "../../components/settings/global/PerUserLimitsFieldset";
import { BrandingFieldset, RulesShellBlock, SecurityFieldset } from "../../components/settings/global/AccessFieldsets";
import { LimitsFieldset } from "../../components/settings/global/LimitsFieldset";
import { CommandsCard, DefaultsCard } from "../../components/settings/global/DefaultsCard";

/** What signup gives a new account, and why it cannot be saved over the whole files root (docs/security.md "Open signup"). */
function SignupNotes({ settings }: { settings: GlobalSettings }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="field-hint">{t("settings.global.signupHint")}</p>
      {signupReachesWholeRoot(settings) && (
        <p className="form-warning" role="alert">
          {t("settings.global.signupWholeRoot")}
        </p>
      )}
    </>
  );
}

/** The global settings screen (admins). */
export function GlobalSettingsPage() {
  const { t } = useTranslation();
  const snap = useSettings();
  useEffect(() => void loadSettings(), []);
  const s = snap.draft as GlobalSettings | null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void saveGlobalSettings();
  };
  return (
    <SettingsFrame title={t("settings.global.title")}>
      {!s ? (
        <p className="muted">{t("settings.loading")}</p>
      ) : (
        <>
          {/* noValidate: the server checks the SPEC §5 ranges and its 400 message names the field. */}
          <form className="card" onSubmit={submit} aria-label={t("settings.global.title")} noValidate>
            <div className="check-grid">
              <CheckField label={t("settings.global.signup")} checked={s.signup} onChange={(v) => setTopField("signup", v)} />
              <CheckField label={t("settings.global.createUserDir")} checked={s.createUserDir} onChange={(v) => setTopField("createUserDir", v)} />
            </div>
            <SignupNotes settings={s} />
            <VideoFieldset video={s.video} />
            <ThumbnailFieldset thumbnail={s.thumbnail} />
            <SearchFieldset settings={s} excludeText={snap.texts.excludeIndexDirs} />
            <SlideshowFieldset slideshow={s.slideshow} />
            <TasksFieldset settings={s} />
            <PerUserLimitsFieldset settings={s} />
            <RulesShellBlock settings={s} texts={snap.texts} />
            <BrandingFieldset branding={s.branding} />
            <SecurityFieldset settings={s} secretText={snap.texts.captchaSecret} />
            <LimitsFieldset settings={s} />
            <div className="card-actions card-actions-sticky">
              <button type="submit" className="btn btn-primary" disabled={snap.busy}>
                {t("settings.update")}
              </button>
            </div>
          </form>
          {snap.defaults && <DefaultsCard draft={snap.defaults as UserDraft} busy={snap.busy} />}
          <CommandsCard commands={snap.commands} busy={snap.busy} />
        </>
      )}
    </SettingsFrame>
  );
}
