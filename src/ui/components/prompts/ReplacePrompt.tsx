/**
 * @module Replace prompt of the upload flow (docs/product.md "Upload"), as the move conflict dialog: Replace, Skip or
 * Keep both for each name that exists (one name: three buttons; several: a choice per name, one for all, then Upload).
 * Closing it skips them all.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../common/Dialog";
import { ConflictButtons } from "./ConflictPrompt";
import { answerReplace } from "../../stores/layout";
import type { ConflictChoice } from "../../stores/transfer-rules";

const CHOICES: readonly ConflictChoice[] = ["replace", "skip", "keepBoth"];

/** Three radio buttons named after `label`: Replace, Skip, Keep both. */
function ChoiceGroup({
  label,
  value,
  onChange,
}: {
  label: string;
  value: ConflictChoice | null;
  onChange: (c: ConflictChoice) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <div className="replace-choices" role="radiogroup" aria-label={label}>
      {CHOICES.map((c) => (
        <label key={c} className={`replace-choice${value === c ? " checked" : ""}`}>
          <input type="radio" name={name} value={c} checked={value === c} onChange={() => onChange(c)} />
          <span>{t(`prompts.conflict.${c}`)}</span>
        </label>
      ))}
    </div>
  );
}

/** One clash: the three answers as buttons, Replace the default. */
function SingleReplace({ name }: { name: string }) {
  const { t } = useTranslation();
  const answer = (choice: ConflictChoice) => answerReplace({ [name]: choice });
  return (
    <Dialog
      label={t("prompts.replace.title")}
      title={t("prompts.replace.title")}
      onClose={() => answerReplace({})}
      onSubmit={() => answer("replace")}
      actions={<ConflictButtons answer={answer} />}
    >
      <p className="dialog-text">{t("prompts.replace.one", { name })}</p>
    </Dialog>
  );
}

/** Several clashes: a choice per name (Replace at first) and one for all of them; Upload sends with them. */
function ManyReplace({ names }: { names: readonly string[] }) {
  const { t } = useTranslation();
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>(() =>
    Object.fromEntries(names.map((n) => [n, "replace"])),
  );
  const values = new Set(Object.values(choices));
  const common = values.size === 1 ? [...values][0] : null;
  return (
    <Dialog
      label={t("prompts.replace.title")}
      title={t("prompts.replace.title")}
      onClose={() => answerReplace({})}
      onSubmit={() => answerReplace(choices)}
      actions={
        <>
          <button type="button" className="btn" onClick={() => answerReplace({})}>
            {t("prompts.cancel")}
          </button>
          <button type="submit" className="btn btn-primary" data-autofocus>
            {t("prompts.replace.upload")}
          </button>
        </>
      }
    >
      <p className="dialog-text">{t("prompts.replace.many")}</p>
      <div className="replace-all">
        <span className="replace-name">{t("prompts.replace.forAll")}</span>
        <ChoiceGroup
          label={t("prompts.replace.forAll")}
          value={common}
          onChange={(c) => setChoices(Object.fromEntries(names.map((n) => [n, c])))}
        />
      </div>
      <ul className="replace-list">
        {names.map((n) => (
          <li key={n} className="replace-row">
            <span className="replace-name" title={n}>
              {n}
            </span>
            <ChoiceGroup label={n} value={choices[n]} onChange={(c) => setChoices({ ...choices, [n]: c })} />
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

/** Names the files that already exist and asks what to do with each. */
export function ReplacePrompt({ names }: { names: readonly string[] }) {
  return names.length === 1 ? <SingleReplace name={names[0]} /> : <ManyReplace names={names} />;
}
