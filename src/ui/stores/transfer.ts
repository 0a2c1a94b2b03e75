/**
 * @module Move and copy of a batch (docs/product.md "Cut, copy and paste", "Operations"): a conflict asks replace /
 * keep both / skip.
 */
import i18next from "i18next";
import { copyResource, moveResource, type ConflictPolicy } from "../api/resource-actions";
import { ApiError } from "../api/client";
import { askConflict, withProgress } from "./layout";
import { reload } from "./current-resource";
import { clearSelection } from "./selection";
import { planTransfer, type ConflictChoice, type TransferAction, type TransferStep } from "./transfer-rules";
import { notifyError, notifySuccess } from "../notify";
import { errorMessage } from "../api/errors";
import { trackOperation } from "./op-progress";
import { offerMoveUndo, type MovedItem } from "./undo-changes";

const POLICY: Record<Exclude<ConflictChoice, "skip">, ConflictPolicy> = { replace: "override", keepBoth: "rename" };

function send(action: TransferAction, step: TransferStep, policy: ConflictPolicy): Promise<void> {
  return trackOperation((id) =>
    action === "move" ? moveResource(step.from, step.to, policy, id) : copyResource(step.from, step.to, policy, id),
  );
}

/**
 * Moves or copies `paths` into `destDir`, one item after another. A 409 asks the user; "for all" keeps the
 * answer for the rest of the batch. Afterwards the listing reloads; a move's popup offers Undo. Answers how many items were done.
 */
export async function transferItems(
  action: TransferAction,
  paths: readonly string[],
  destDir: string,
): Promise<number> {
  const plan = planTransfer(action, paths, destDir);
  if (plan.intoItself.length > 0) notifyError(i18next.t("transfer.intoItself"));
  let done = 0;
  let failed = false;
  let remembered: ConflictChoice | null = null;
  // A move's items whose new path is known (not sent under a free name), for the Undo of the popup.
  const moved: MovedItem[] = [];
  const note = (step: TransferStep, policy: ConflictPolicy) => {
    if (action === "move" && policy !== "rename") moved.push({ from: step.from, to: step.to });
  };
  await withProgress(async () => {
    for (const [index, step] of plan.steps.entries()) {
      try {
        const policy = step.keepBoth ? "rename" : "fail";
        await send(action, step, policy);
        note(step, policy);
        done++;
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 409)) {
          failed = true;
          notifyError(errorMessage(err));
          continue;
        }
        let choice = remembered;
        if (!choice) {
          const answer = await askConflict(step.name, index < plan.steps.length - 1);
          choice = answer.choice;
          if (answer.forAll) remembered = choice;
        }
        if (choice === "skip") continue;
        try {
          await send(action, step, POLICY[choice]);
          note(step, POLICY[choice]);
          done++;
        } catch (again) {
          failed = true;
          notifyError(errorMessage(again));
        }
      }
    }
  });
  if (done > 0 && !failed) {
    const message = i18next.t(action === "move" ? "success.moved" : "success.copied", { count: done });
    if (action === "move") offerMoveUndo(message, moved);
    else notifySuccess(message);
  }
  clearSelection();
  await reload();
  return done;
}
