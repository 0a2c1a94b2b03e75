/** @module Conflict prompt of move, copy and rename: replace, keep both (a free name), or skip. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../common/Dialog";
import { answerPrompt } from "../../stores/layout";
import type { ConflictChoice } from "../../stores/transfer-rules";

/**
 * The three answers to a clash as dialog buttons: Skip (or `skipLabel`, e.g. Cancel where nothing else is waiting),
 * Keep both, and Replace (the submit button, focused).
 */
export function ConflictButtons({
  answer,
  skipLabel,
}: {
  answer: (choice: ConflictChoice) => void;
  skipLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="btn" onClick={() => answer("skip")}>
        {skipLabel ?? t("prompts.conflict.skip")}
      </button>
      <button type="button" className="btn" onClick={() => answer("keepBoth")}>
        {t("prompts.conflict.keepBoth")}
      </button>
      <button type="submit" className="btn btn-primary" data-autofocus>
        {t("prompts.conflict.replace")}
      </button>
    </>
  );
}

/** Names the clashing item; `more` offers to use the answer for the other clashes of the batch. */
export function ConflictPrompt({ name, more }: { name: string; more: boolean }) {
  const { t } = useTranslation();
  const [forAll, setForAll] = useState(true);
  const answer = (choice: ConflictChoice) => answerPrompt({ choice, forAll: more && forAll });
  return (
    <Dialog
      label={t("prompts.conflict.title")}
      title={t("prompts.conflict.title")}
      onClose={() => answer("skip")}
      onSubmit={() => answer("replace")}
      actions={<ConflictButtons answer={answer} />}
    >
      <p className="dialog-text">{t("prompts.conflict.message", { name })}</p>
      {more && (
        <label className="check">
          <input type="checkbox" checked={forAll} onChange={(e) => setForAll(e.target.checked)} />
          <span>{t("prompts.conflict.forAll")}</span>
        </label>
      )}
    </Dialog>
  );
}
