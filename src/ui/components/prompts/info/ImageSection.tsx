/** @module The Image section of File info (docs/product.md "File info"): dimensions, type, location and EXIF. */
import { useTranslation } from "react-i18next";
import type { ImageInfo } from "../../../../shared/wire/metainfo";
import { MetaSection, OptionalRow, Row } from "./InfoRows";
import {
  formatAperture,
  formatCamera,
  formatDimensions,
  formatExposure,
  formatFocalLength,
  formatPosition,
  mapUrl,
} from "./image-format";

/** A picture's rows; the EXIF ones only when the file has them. */
export function ImageSection({ info }: { info: ImageInfo }) {
  const { t } = useTranslation();
  return (
    <MetaSection title={t("prompts.info.meta.image")}>
      <dl className="info-list">
        <Row label={t("prompts.info.meta.dimensions")}>{formatDimensions(info)}</Row>
        <Row label={t("prompts.info.meta.type")}>{info.format.toUpperCase()}</Row>
        <OptionalRow label={t("prompts.info.meta.taken")} value={info.taken} />
        <OptionalRow label={t("prompts.info.meta.camera")} value={formatCamera(info.make, info.model)} />
        <OptionalRow label={t("prompts.info.meta.lens")} value={info.lens} />
        <OptionalRow label={t("prompts.info.meta.exposure")} value={formatExposure(info.exposureTime)} />
        <OptionalRow label={t("prompts.info.meta.aperture")} value={formatAperture(info.fNumber)} />
        <OptionalRow label={t("prompts.info.meta.iso")} value={info.iso} />
        <OptionalRow
          label={t("prompts.info.meta.focalLength")}
          value={formatFocalLength(info.focalLength, info.focalLength35)}
        />
        {info.gps && (
          <Row label={t("prompts.info.meta.location")}>
            <a
              href={mapUrl(info.gps)}
              target="_blank"
              rel="noopener noreferrer"
              title={t("prompts.info.meta.showOnMap")}
            >
              {formatPosition(info.gps)}
            </a>
          </Row>
        )}
      </dl>
    </MetaSection>
  );
}
