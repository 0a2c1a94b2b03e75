/**
 * @module About dialog (docs/product.md "About"): name, version with OS and architecture, commit, build date
 * and the video hardware-acceleration status (the H.264 encoder the server would use).
 */
import { useTranslation } from "react-i18next";
import { Dialog } from "../common/Dialog";
import { Logo } from "../layout/Logo";
import { closePrompt } from "../../stores/layout";
import { config } from "../../stores/config";
import { encoderKind } from "./info/media-format";

/** Shows what this server runs, from the injected configuration. */
export function AboutPrompt() {
  const { t } = useTranslation();
  const v = config.version;
  const platform = [v.OS, v.Arch].filter(Boolean).join("/");
  const encoder = encoderKind(config.videoEncoder);
  const acceleration =
    encoder === "unknown" ? "" : t(`prompts.about.encoder.${encoder}`, { encoder: config.videoEncoder });
  const row = (label: string, value: string) => (
    <div className="info-row">
      <dt>{label}</dt>
      <dd>{value || "—"}</dd>
    </div>
  );
  return (
    <Dialog
      label={t("prompts.about.title")}
      title={t("prompts.about.title")}
      onClose={closePrompt}
      actions={
        <button type="button" className="btn btn-primary" data-autofocus onClick={closePrompt}>
          {t("prompts.ok")}
        </button>
      }
    >
      <div className="about-brand">
        <Logo size={40} />
        <strong>{config.name}</strong>
      </div>
      <dl className="info-list">
        {row(t("prompts.about.version"), platform ? `${v.Version} (${platform})` : v.Version)}
        {row(t("prompts.about.commit"), v.CommitSHA)}
        {row(t("prompts.about.buildDate"), v.BuildDate)}
        {row(t("prompts.about.videoAcceleration"), acceleration)}
      </dl>
    </Dialog>
  );
}
