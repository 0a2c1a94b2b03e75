/**
 * @module The question before a version is written back (docs/product.md "Versions"): the current content is kept as
 * a version, so a restore can be undone. Either way File info of the file opens again.
 */
import { useTranslation } from "react-i18next";
import { Dialog } from "../common/Dialog";
import { showPrompt } from "../../stores/layout";
import { restoreFileVersion, useVersions } from "../../stores/versions";
import { baseName } from "../../stores/transfer-rules";
import type { FileVersion } from "../../api/versions";
import { formatFullDate } from "../../format/format-date";

/** Asks to restore `version` of the file at `path`; Cancel (focused) and Esc go back to File info. */
export function VersionRestorePrompt({ path, version }: { path: string; version: FileVersion }) {
  const { t, i18n } = useTranslation();
  const { busy } = useVersions();
  const back = () => showPrompt({ kind: "info", paths: [path] });
  const confirm = async () => {
    if (await restoreFileVersion(version)) back();
  };
  return (
    <Dialog
      label={t("versions.restoreTitle")}
      title={t("versions.restoreTitle")}
      onClose={back}
      onSubmit={() => void confirm()}
      actions={
        <>
          <button type="button" className="btn" data-autofocus onClick={back}>
            {t("prompts.cancel")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t("versions.restore")}
          </button>
        </>
      }
    >
      <p className="dialog-text">
        {t("versions.restoreMessage", {
          when: formatFullDate(version.replacedAt, i18n.language),
          name: baseName(path),
        })}
      </p>
    </Dialog>
  );
}
