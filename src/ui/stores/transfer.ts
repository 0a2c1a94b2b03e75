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

const POLICY: Record<Exclude<ConflictChoice, "skip">, ConflictPolicy> = { replace: "override", keepBoth: "rename" };

function send(action: TransferAction, step: TransferStep, policy: ConflictPolicy): Promise<void> {
  return trackOperation((id) =>
    action === "move" ? moveResource(step.from, step.to, policy, id) : copyResource(step.from, step.to, policy, id),
  );
}

/**
 * Moves or copies `paths` into `destDir`, one item after another. A 409 asks the user; "for all" keeps the
 * answer for the rest of the batch. Afterwards the listing reloads. Answers how many items were done.
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
  await withProgress(async () => {
    for (const [index, step] of plan.steps.entries()) {
      try {
        await send(action, step, step.keepBoth ? "rename" : "fail");
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
          done++;
        } catch (again) {
          failed = true;
          notifyError(errorMessage(again));
        }
      }
    }
  });
  if (done > 0 && !failed)
    notifySuccess(i18next.t(action === "move" ? "success.moved" : "success.copied", { count: done }));
  clearSelection();
  await reload();
  return done;
}
