/**
 * @module /settings/global (docs/product.md "Global settings"): one form in named sections (accounts, login and
 * security, search and tasks, storage (trash and versions), media, branding, commands) with a bar of links to them, and one Save for all of it, the
 * user defaults and the command runner included.
 */
import { useEffect, type FormEvent, type ReactNode } from "react";
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
import { TrashVersionsFieldset } from "../../components/settings/global/TrashVersionsFieldset";
import { CommandsBlock, DefaultsFieldset } from "../../components/settings/global/DefaultsAndCommands";

/** The sections of the page, in order (their names are settings.global.sections.*). */
const SECTIONS = ["accounts", "security", "search", "storage", "media", "branding", "commands"] as const;
type SectionId = (typeof SECTIONS)[number];

/** What signup gives a new account, and why it cannot be saved over the whole files root (docs/security.md "Open signup"). */
function SignupNotes({ settings, defaultScope }: { settings: GlobalSettings; defaultScope: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="field-hint">{t("settings.global.signupHint")}</p>
      {signupReachesWholeRoot({ ...settings, defaults: { ...settings.defaults, scope: defaultScope } }) && (
        <p className="form-warning" role="alert">
          {t("settings.global.signupWholeRoot")}
        </p>
      )}
    </>
  );
}

/** One section: a card with its heading, reachable from the section links. */
function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section id={`global-${id}`} className="card settings-section" aria-labelledby={`global-${id}-title`}>
      <h2 id={`global-${id}-title`} className="card-title">
        {t(`settings.global.sections.${id}`)}
      </h2>
      {children}
    </section>
  );
}

/** The global settings screen (admins). */
export function GlobalSettingsPage() {
  const { t } = useTranslation();
  const snap = useSettings();
  useEffect(() => void loadSettings(), []);
  const s = snap.draft as GlobalSettings | null;
  const defaults = snap.defaults as UserDraft | null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void saveGlobalSettings();
  };
  return (
    <SettingsFrame title={t("settings.global.title")}>
      {!s || !defaults ? (
        <p className="muted">{t("settings.loading")}</p>
      ) : (
        // noValidate: the server checks the ranges (docs/product.md "Settings ranges") and its 400 message names the
        // field.
        <form className="settings-global" onSubmit={submit} aria-label={t("settings.global.title")} noValidate>
          <nav className="settings-jump" aria-label={t("settings.global.sections.label")}>
            {SECTIONS.map((id) => (
              <a
                key={id}
                href={`#global-${id}`}
                className="settings-jump-link"
                onClick={(e) => (
                  e.preventDefault(), document.getElementById(`global-${id}`)?.scrollIntoView({ block: "start" })
                )}
              >
                {t(`settings.global.sections.${id}`)}
              </a>
            ))}
          </nav>
          <Section id="accounts">
            <div className="check-grid">
              <CheckField
                label={t("settings.global.signup")}
                checked={s.signup}
                onChange={(v) => setTopField("signup", v)}
              />
              <CheckField
                label={t("settings.global.createUserDir")}
                checked={s.createUserDir}
                onChange={(v) => setTopField("createUserDir", v)}
              />
            </div>
            <SignupNotes settings={s} defaultScope={defaults.scope} />
            <DefaultsFieldset draft={defaults} />
          </Section>
          <Section id="security">
            <SecurityFieldset settings={s} secretText={snap.texts.captchaSecret} />
            <LimitsFieldset settings={s} />
          </Section>
          <Section id="search">
            <SearchFieldset settings={s} excludeText={snap.texts.excludeIndexDirs} />
            <TasksFieldset settings={s} />
            <PerUserLimitsFieldset settings={s} />
            <RulesShellBlock settings={s} texts={snap.texts} />
          </Section>
          <Section id="storage">
            <TrashVersionsFieldset settings={s} />
          </Section>
          <Section id="media">
            <VideoFieldset video={s.video} />
            <ThumbnailFieldset thumbnail={s.thumbnail} />
            <SlideshowFieldset slideshow={s.slideshow} />
          </Section>
          <Section id="branding">
            <BrandingFieldset branding={s.branding} />
          </Section>
          <Section id="commands">
            <CommandsBlock commands={snap.commands} />
          </Section>
          <div className="settings-save-bar">
            <button type="submit" className="btn btn-primary" disabled={snap.busy}>
              {t("settings.global.save")}
            </button>
          </div>
        </form>
      )}
    </SettingsFrame>
  );
}
