/** @module 'User default settings' card and the collapsible command runner card of the global settings. */
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { editDefaultsDraft, saveCommands, saveDefaults, setCommandText } from "../../../stores/settings";
import type { UserDraft } from "../../../stores/user-form-rules";
import { UserForm } from "../UserForm";
import { TextAreaField } from "../fields";

/** The user form bound to the defaults for new users (no rules), with its own Update. */
export function DefaultsCard({ draft, busy }: { draft: UserDraft; busy: boolean }) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void saveDefaults();
  };
  return (
    <form className="card" onSubmit={submit} aria-label={t("settings.global.defaults.title")}>
      <h2 className="card-title">{t("settings.global.defaults.title")}</h2>
      <p className="field-hint">{t("settings.global.defaults.hint")}</p>
      <UserForm value={draft} onChange={editDefaultsDraft} rules={false} />
      <div className="card-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t("settings.update")}
        </button>
      </div>
    </form>
  );
}

/** One textarea per event; lines are trimmed and empty ones dropped on Update ('Commands updated!'). */
export function CommandsCard({ commands, busy }: { commands: Record<string, string>; busy: boolean }) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void saveCommands();
  };
  return (
    <form className="card" onSubmit={submit} aria-label={t("settings.global.commands.summary")}>
      <details className="collapsible collapsible-plain">
        <summary className="card-title">{t("settings.global.commands.summary")}</summary>
        <div className="collapsible-body">
          <p className="field-hint">{t("settings.global.commands.hint")}</p>
          {Object.entries(commands).map(([event, text]) => (
            <TextAreaField key={event} label={event} rows={2} mono value={text} onChange={(v) => setCommandText(event, v)} />
          ))}
          <div className="card-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t("settings.update")}
            </button>
          </div>
        </div>
      </details>
    </form>
  );
}
