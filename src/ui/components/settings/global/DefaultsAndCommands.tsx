/** @module The 'User default settings' and command runner parts of the global settings page (saved by its one Save). */
import { useTranslation } from "react-i18next";
import { editDefaultsDraft, setCommandText } from "../../../stores/settings";
import type { UserDraft } from "../../../stores/user-form-rules";
import { UserForm } from "../UserForm";
import { Fieldset, TextAreaField } from "../fields";

/** The user form bound to the defaults for new users (no rules). */
export function DefaultsFieldset({ draft }: { draft: UserDraft }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t("settings.global.defaults.title")}>
      <p className="field-hint">{t("settings.global.defaults.hint")}</p>
      <UserForm value={draft} onChange={editDefaultsDraft} rules={false} />
    </Fieldset>
  );
}

/** One textarea per event, folded away by default; lines are trimmed and empty ones dropped on save. */
export function CommandsBlock({ commands }: { commands: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <details className="collapsible">
      <summary>{t("settings.global.commands.summary")}</summary>
      <div className="collapsible-body" role="group" aria-label={t("settings.global.commands.summary")}>
        <p className="field-hint">{t("settings.global.commands.hint")}</p>
        {Object.entries(commands).map(([event, text]) => (
          <TextAreaField
            key={event}
            label={event}
            rows={2}
            mono
            value={text}
            onChange={(v) => setCommandText(event, v)}
          />
        ))}
      </div>
    </details>
  );
}
