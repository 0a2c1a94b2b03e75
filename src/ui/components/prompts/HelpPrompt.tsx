/**
 * @module Help dialog (docs/product.md "Help"): the keys of the shortcut table and the editor, and the pointer
 * gestures, grouped by what they act on; each key combination is listed once with all it does. On a touch screen the
 * touch gestures come first, the keys (for a keyboard attached to a tablet) folded below them.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../common/Dialog";
import { closePrompt } from "../../stores/layout";
import { displayKey, HELP_GROUPS, type HelpGroup } from "../../keyboard/shortcuts";
import { helpRows, touchRows, type HelpRow } from "../../keyboard/help-rows";
import { TOUCH_QUERY, useMediaQuery } from "../../hooks/useMediaQuery";

const MAC = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
const KEY_ROWS = helpRows();
const TOUCH_ROWS = touchRows();

function Row({ row }: { row: HelpRow }) {
  const { t } = useTranslation();
  return (
    <tr>
      <th scope="row">
        {row.gesture ? (
          <kbd>{t(`shortcuts.gestures.${row.gesture}.input`)}</kbd>
        ) : (
          row.keys.map((k) => <kbd key={k}>{displayKey(k, MAC)}</kbd>)
        )}
      </th>
      <td>
        {row.gesture
          ? t(`shortcuts.gestures.${row.gesture}.action`)
          : row.labels.map((l) => (
              <span className="help-label" key={l}>
                {t(`shortcuts.${l}`)}
              </span>
            ))}
      </td>
    </tr>
  );
}

function Group({ group, rows }: { group: HelpGroup; rows: readonly HelpRow[] }) {
  const { t } = useTranslation();
  const id = useId();
  const mine = rows.filter((r) => r.group === group);
  if (mine.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h3 className="help-group" id={id}>
        {t(`shortcuts.groups.${group}`)}
      </h3>
      <table className="help-table" aria-labelledby={id}>
        <tbody>
          {mine.map((r) => (
            <Row key={r.gesture ?? r.keys.join(" ")} row={r} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Groups({ rows }: { rows: readonly HelpRow[] }) {
  return HELP_GROUPS.map((g) => <Group key={g} group={g} rows={rows} />);
}

/** Lists keys and gestures and what they do; touch gestures first on a touch screen. */
export function HelpPrompt() {
  const { t } = useTranslation();
  const touch = useMediaQuery(TOUCH_QUERY);
  const title = t(touch ? "prompts.help.touchTitle" : "prompts.help.title");
  return (
    <Dialog
      label={title}
      title={title}
      onClose={closePrompt}
      actions={
        <button type="button" className="btn btn-primary" data-autofocus onClick={closePrompt}>
          {t("prompts.ok")}
        </button>
      }
    >
      <div className="help-scroll" role="region" aria-label={title} tabIndex={0}>
        {touch ? (
          <>
            <Groups rows={TOUCH_ROWS} />
            <details className="help-keys">
              <summary>{t("prompts.help.title")}</summary>
              <Groups rows={KEY_ROWS} />
            </details>
          </>
        ) : (
          <Groups rows={KEY_ROWS} />
        )}
      </div>
    </Dialog>
  );
}
