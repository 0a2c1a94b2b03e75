/**
 * @module The Firmware section of File info and of the .trx preview (docs/product.md "File info"; docs/product.md
 * "Firmware metadata" Firmware metadata): product id, versions, creation time and the TRX header's length and CRC-32
 * check.
 */
import { useTranslation } from "react-i18next";
import type { FirmwareMetainfo } from "../../../api/media";
import { formatFullDate } from "../../../format/format-date";
import { MetaSection, OptionalRow, Row, Size } from "./InfoRows";

/** What the firmware image's headers say. */
export function FirmwareSection({ meta }: { meta: FirmwareMetainfo }) {
  const { t, i18n } = useTranslation();
  return (
    <MetaSection title={t("prompts.info.meta.firmware")}>
      <dl className="info-list">
        <OptionalRow label={t("prompts.info.meta.productId")} value={meta.ProductId} />
        <OptionalRow label={t("prompts.info.meta.kernelVersion")} value={meta.KernelVer} />
        <OptionalRow label={t("prompts.info.meta.fsVersion")} value={meta.FsVer} />
        <OptionalRow
          label={t("prompts.info.meta.created")}
          value={meta.Created && formatFullDate(meta.Created, i18n.language)}
        />
        <Row label={t("prompts.info.meta.imageLength")}>
          <Size bytes={meta.Length} />
        </Row>
        <Row label={t("prompts.info.meta.crc")}>
          <span className={meta.CRCValid ? undefined : "field-error"}>
            {t(meta.CRCValid ? "prompts.info.meta.crcValid" : "prompts.info.meta.crcInvalid", { crc: meta.CRC32 })}
          </span>
        </Row>
      </dl>
    </MetaSection>
  );
}
