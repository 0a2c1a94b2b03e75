/**
 * @module Help dialog (SPEC §2 Overlay dialogs: Help): the keys of the shortcut table and the editor, and the pointer
 * gestures, grouped by what they act on; each key combination is listed once with all it does.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../common/Dialog";
import { closePrompt } from "../../stores/layout";
import { displayKey, HELP_GROUPS, type HelpGroup } from "../../keyboard/shortcuts";
import { helpRows, type HelpRow } from "../../keyboard/help-rows";

const MAC = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
const ROWS = helpRows();

function Row({ row }: { row: HelpRow }) {
  const { t } = useTranslation();
  return (
    <tr>
      <th scope="row">
        {row.gesture ? <kbd>{t(`shortcuts.gestures.${row.gesture}.input`)}</kbd> : row.keys.map((k) => <kbd key={k}>{displayKey(k, MAC)}</kbd>)}
      </th>
      <td>
        {row.gesture ? (
          t(`shortcuts.gestures.${row.gesture}.action`)
        ) : (
          row.labels.map((l) => (
            <span className="help-label" key={l}>
              {t(`shortcuts.${l}`)}
            </span>
          ))
        )}
      </td>
    </tr>
  );
}

function Group({ group }: { group: HelpGroup }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 className="help-group" id={id}>
        {t(`shortcuts.groups.${group}`)}
      </h3>
      <table className="help-table" aria-labelledby={id}>
        <tbody>
          {ROWS.filter((r) => r.group === group).map((r) => (
            <Row key={r.gesture ?? r.keys.join(" ")} row={r} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Lists keys and gestures and what they do. */
export function HelpPrompt() {
  const { t } = useTranslation();
  return (
    <Dialog
      label={t("prompts.help.title")}
      title={t("prompts.help.title")}
      onClose={closePrompt}
      actions={
        <button type="button" className="btn btn-primary" data-autofocus onClick={closePrompt}>
          {t("prompts.ok")}
        </button>
      }
    >
      <div className="help-scroll" role="region" aria-label={t("prompts.help.title")} tabIndex={0}>
        {HELP_GROUPS.map((g) => (
          <Group key={g} group={g} />
        ))}
      </div>
    </Dialog>
  );
}
