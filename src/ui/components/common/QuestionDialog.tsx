/** @module A yes/no question with a risky yes (discard changes, overwrite): the safe answer is the default, as Esc. */
import { Dialog } from "./Dialog";
import { answerPrompt } from "../../stores/layout";

/** Props: the title (also the dialog's name), the question, the risky answer's label and the safe one's. */
export interface QuestionDialogProps {
  title: string;
  message: string;
  riskyLabel: string;
  safeLabel: string;
}

/** Answers the open question prompt: true for the risky answer, false for the safe one, Esc or a click outside. */
export function QuestionDialog({ title, message, riskyLabel, safeLabel }: QuestionDialogProps) {
  return (
    <Dialog
      label={title}
      title={title}
      onClose={() => answerPrompt(false)}
      onSubmit={() => answerPrompt(false)}
      actions={
        <>
          <button type="button" className="btn btn-danger" onClick={() => answerPrompt(true)}>
            {riskyLabel}
          </button>
          <button type="submit" className="btn btn-primary" data-autofocus>
            {safeLabel}
          </button>
        </>
      }
    >
      <p className="dialog-text">{message}</p>
    </Dialog>
  );
}
