/** @module The user form (docs/product.md "Users"), also bound to the user defaults (no account fields, no rules). */
import { useTranslation } from "react-i18next";
import { LOCALES } from "../../constants";
import { isPermissionLocked, PERMISSION_NAMES, setPermission, type UserDraft } from "../../stores/user-form-rules";
import type { UserFieldErrors } from "../../stores/user-form-errors";
import { USER_HOMES_DIR } from "../../../shared/wire/settings";
import { CheckField, Fieldset, SelectField, TextField } from "./fields";
import { RulesEditor } from "./RulesEditor";

/** What the form shows: `account` adds username, password and lock password; `rules` the rules editor. */
export interface UserFormProps {
  value: UserDraft;
  onChange: (next: UserDraft) => void;
  account?: "new" | "edit";
  rules?: boolean;
  /** The editor's current password, asked when they give their own account a new one (shown below the password). */
  currentPassword?: { value: string; onChange: (v: string) => void };
  /** Inline errors under the username, password and scope fields. */
  errors?: UserFieldErrors;
  /** The scope follows the name typed (`/users/<name>`), which the empty field's placeholder says. */
  homeScope?: boolean;
}

/** Edits a user draft; every change hands the whole next draft to `onChange`. */
export function UserForm({
  value,
  onChange,
  account,
  rules = true,
  currentPassword,
  errors = {},
  homeScope = false,
}: UserFormProps) {
  const { t } = useTranslation();
  const error = (field: keyof UserFieldErrors) => {
    const e = errors[field];
    return e ? t(`settings.users.errors.${e.key}`, e.values) : undefined;
  };
  const set = (patch: Partial<UserDraft>) => onChange({ ...value, ...patch });
  const locales = [
    { value: "", label: t("settings.users.browserLanguage") },
    ...LOCALES.map((l) => ({ value: l, label: t(`settings.languages.${l}`) })),
  ];
  return (
    <div className="user-form">
      {account && (
        <div className="form-grid">
          <TextField
            label={t("settings.users.username")}
            name="username"
            autoComplete="off"
            value={value.username}
            onChange={(username) => set({ username })}
            error={error("username")}
          />
          <TextField
            label={t("settings.users.password")}
            name="password"
            type="password"
            autoComplete="new-password"
            placeholder={account === "edit" ? t("settings.users.passwordKeep") : ""}
            value={value.password}
            onChange={(password) => set({ password })}
            error={error("password")}
          />
        </div>
      )}
      {currentPassword && (
        <TextField
          label={t("settings.profile.currentPassword")}
          name="current-password"
          type="password"
          autoComplete="current-password"
          value={currentPassword.value}
          onChange={currentPassword.onChange}
          hint={t("settings.users.currentPasswordHint")}
        />
      )}
      <div className="form-grid">
        <TextField
          label={t("settings.users.scope")}
          name="scope"
          value={value.scope}
          onChange={(scope) => set({ scope })}
          placeholder={homeScope ? `${USER_HOMES_DIR}/…` : undefined}
          hint={homeScope ? t("settings.users.scopeHomeHint") : t("settings.users.scopeHint")}
          error={error("scope")}
        />
        <SelectField
          label={t("settings.users.language")}
          value={value.locale}
          onChange={(locale) => set({ locale })}
          options={locales}
        />
      </div>
      {account && (
        <CheckField
          label={t("settings.users.lockPassword")}
          checked={value.lockPassword}
          disabled={value.perm.admin}
          onChange={(lockPassword) => set({ lockPassword })}
        />
      )}
      <Fieldset legend={t("settings.users.permissions")}>
        <p className="field-hint">{t("settings.users.permissionsHint")}</p>
        <div className="check-grid">
          {PERMISSION_NAMES.map((name) => (
            <CheckField
              key={name}
              label={t(`settings.users.perm.${name}`)}
              checked={value.perm[name]}
              disabled={isPermissionLocked(value.perm, name)}
              onChange={(v) => onChange(setPermission(value, name, v))}
            />
          ))}
        </div>
      </Fieldset>
      <TextField
        label={t("settings.users.commands")}
        name="commands"
        value={value.commandsText}
        onChange={(commandsText) => set({ commandsText })}
        hint={t("settings.users.commandsHint")}
      />
      {rules && (
        <Fieldset legend={t("settings.users.rules")}>
          <p className="field-hint">{t("settings.users.rulesHint")}</p>
          <RulesEditor rules={value.rules} onChange={(next) => set({ rules: next })} />
        </Fieldset>
      )}
    </div>
  );
}
