/** @module The rows and titled sections the File info dialog and the metadata previews are made of. */
import type { ReactNode } from "react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatSize } from "../../../format/format-size";

/** One human size; the exact byte count is its title (hover) and is read out after it. */
export function Size({ bytes }: { bytes: number }) {
  const { t, i18n } = useTranslation();
  const exact = t("prompts.info.bytes", { bytes: bytes.toLocaleString(i18n.language) });
  return (
    <span title={exact}>
      {formatSize(bytes)}
      <span className="visually-hidden"> ({exact})</span>
    </span>
  );
}

/** A label and its value in a description list. */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="info-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A row that is left out when its value is empty (a tag the file does not have). */
export function OptionalRow({ label, value }: { label: string; value: string | number | undefined }) {
  if (value === undefined || value === "" || value === 0) return null;
  return <Row label={label}>{value}</Row>;
}

/** A titled part of the dialog (Video, Audio, Torrent, Firmware), named by its heading for screen readers. */
export function MetaSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="meta-section" aria-labelledby={id}>
      <h3 id={id} className="meta-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The loading line shown while the server reads the metadata. */
export function MetaLoading() {
  const { t } = useTranslation();
  return (
    <p className="info-pending" role="status">
      <span className="spinner spinner-small" aria-hidden />
      {t("prompts.info.meta.loading")}
    </p>
  );
}
