/** @module Help dialog (SPEC §2 Overlay dialogs: Help): every shortcut of the shortcut table and the pointer gestures. */
import { useTranslation } from "react-i18next";
import { Dialog } from "../common/Dialog";
import { closePrompt } from "../../stores/layout";
import { displayKey, POINTER_GESTURES, SHORTCUTS } from "../../keyboard/shortcuts";

const MAC = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/** Lists keys and what they do. */
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
      <div className="help-scroll" tabIndex={0}>
      <table className="help-table">
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.action}>
              <td>
                {s.keys.map((k) => (
                  <kbd key={k}>{displayKey(k, MAC)}</kbd>
                ))}
              </td>
              <td>{t(`shortcuts.${s.action}`)}</td>
            </tr>
          ))}
          {POINTER_GESTURES.map((g) => (
            <tr key={g}>
              <td>
                <kbd>{t(`shortcuts.gestures.${g}.input`)}</kbd>
              </td>
              <td>{t(`shortcuts.gestures.${g}.action`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </Dialog>
  );
}
