/**
 * @module The question of a restore whose name is taken (docs/product.md "Trash"): Replace (what has the name now goes
 * to the trash), Keep both (a free name such as "a (1).txt"), or Cancel, as the move conflict dialog asks it.
 */
import { useTranslation } from "react-i18next";
import { Dialog } from "../common/Dialog";
import { ConflictButtons } from "./ConflictPrompt";
import { answerPrompt } from "../../stores/layout";
import type { ConflictChoice } from "../../stores/transfer-rules";

/** Names the item and the folder it goes back to; closing it cancels. */
export function RestoreConflictPrompt({ name, dir }: { name: string; dir: string }) {
  const { t } = useTranslation();
  const answer = (choice: ConflictChoice) => answerPrompt(choice);
  return (
    <Dialog
      label={t("trash.conflict.title")}
      title={t("trash.conflict.title")}
      onClose={() => answer("skip")}
      onSubmit={() => answer("replace")}
      actions={<ConflictButtons answer={answer} skipLabel={t("prompts.cancel")} />}
    >
      <p className="dialog-text">{t("trash.conflict.message", { name, dir })}</p>
    </Dialog>
  );
}
