/**
 * @module Rules editor (docs/product.md "Rule", "Settings ranges"): rows of allow/deny, regex and a path or expression;
 * add and remove.
 */
import { Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Rule } from "../../api/accounts";
import { newRule, removeRule, rulePathSwallowsKey, ruleValue, updateRule } from "../../stores/user-form-rules";

/** Edits a list of rules; every change hands the whole new list to `onChange`. */
export function RulesEditor({ rules, onChange }: { rules: readonly Rule[]; onChange: (next: Rule[]) => void }) {
  const { t } = useTranslation();
  return (
    <div className="rules-editor">
      {rules.length === 0 && <p className="muted">{t("settings.users.rule.none")}</p>}
      {rules.map((rule, i) => (
        <div className="rule-row" key={i} data-testid="rule-row">
          <select
            className="input rule-kind"
            aria-label={t("settings.users.rule.kind")}
            value={rule.allow ? "allow" : "deny"}
            onChange={(e) => onChange(updateRule(rules, i, { allow: e.target.value === "allow" }))}
          >
            <option value="allow">{t("settings.users.rule.allow")}</option>
            <option value="deny">{t("settings.users.rule.deny")}</option>
          </select>
          <label className="check-field rule-regex">
            <input
              type="checkbox"
              checked={rule.regex}
              onChange={(e) => onChange(updateRule(rules, i, { regex: e.target.checked }))}
            />
            <span>{t("settings.users.rule.regex")}</span>
          </label>
          <input
            className="input rule-value"
            aria-label={t(rule.regex ? "settings.users.rule.regexp" : "settings.users.rule.path")}
            placeholder={t(rule.regex ? "settings.users.rule.regexp" : "settings.users.rule.path")}
            value={ruleValue(rule)}
            onKeyDown={(e) => rulePathSwallowsKey(e.key) && e.preventDefault()}
            onChange={(e) => onChange(updateRule(rules, i, { value: e.target.value }))}
          />
          <button
            type="button"
            className="icon-btn"
            aria-label={t("settings.users.rule.remove")}
            title={t("settings.users.rule.remove")}
            onClick={() => onChange(removeRule(rules, i))}
          >
            <Trash2 size={18} aria-hidden />
          </button>
        </div>
      ))}
      <div>
        <button type="button" className="btn" onClick={() => onChange([...rules, newRule()])}>
          <Plus size={16} aria-hidden /> {t("settings.users.rule.add")}
        </button>
      </div>
    </div>
  );
}
