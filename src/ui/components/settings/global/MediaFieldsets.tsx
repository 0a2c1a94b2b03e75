/**
 * @module Video and Thumbnail fieldsets of the global settings (docs/product.md "Global settings", "Settings ranges",
 * "Slideshow and video defaults").
 */
import { useTranslation } from "react-i18next";
import type { GlobalSettings } from "../../../api/settings";
import { SETTINGS_RANGES } from "../../../../shared/wire/settings";
import { setSectionField } from "../../../stores/settings";
import { QUALITY_OPTIONS } from "../../../stores/settings-rules";
import { CheckField, Fieldset, NumberField, SelectField, TextField } from "../fields";

/** Video playback defaults. */
export function VideoFieldset({ video }: { video: GlobalSettings["video"] }) {
  const { t } = useTranslation();
  const set =
    <K extends keyof GlobalSettings["video"]>(k: K) =>
    (v: GlobalSettings["video"][K]) =>
      setSectionField("video", k, v);
  const qualities = QUALITY_OPTIONS.map((q) => ({
    value: String(q.value),
    label: q.res
      ? `${q.value}. ${t("settings.global.video.hls", { res: q.res, mbps: q.mbps })}`
      : t("preview.video.original"),
  }));
  return (
    <Fieldset legend={t("settings.global.video.legend")}>
      <div className="check-grid">
        <CheckField label={t("settings.global.video.autoplay")} checked={video.autoplay} onChange={set("autoplay")} />
        <CheckField
          label={t("settings.global.video.disableHls")}
          checked={video.disableHls}
          onChange={set("disableHls")}
        />
        <CheckField
          label={t("settings.global.video.disablePreview")}
          checked={video.disablePreview}
          onChange={set("disablePreview")}
        />
      </div>
      <div className="form-grid">
        <SelectField
          label={t("settings.global.video.quality")}
          value={String(video.quality)}
          onChange={(v) => setSectionField("video", "quality", Number(v))}
          options={qualities}
        />
        <NumberField
          label={t("settings.global.video.volume")}
          {...SETTINGS_RANGES.video.volume}
          value={video.volume}
          onChange={set("volume")}
          hint={t("settings.global.video.volumeHint")}
        />
        <NumberField
          label={t("settings.global.video.seekDelta")}
          {...SETTINGS_RANGES.video.seekDelta}
          value={video.seekDelta}
          onChange={set("seekDelta")}
          hint={t("settings.global.video.seekDeltaHint")}
        />
        <NumberField
          label={t("settings.global.video.seekDeltaLong")}
          {...SETTINGS_RANGES.video.seekDeltaLong}
          value={video.seekDeltaLong}
          onChange={set("seekDeltaLong")}
          hint={t("settings.global.video.seekDeltaLongHint")}
        />
      </div>
    </Fieldset>
  );
}

/** Thumbnail cache and generation settings. */
export function ThumbnailFieldset({ thumbnail }: { thumbnail: GlobalSettings["thumbnail"] }) {
  const { t } = useTranslation();
  const set =
    <K extends keyof GlobalSettings["thumbnail"]>(k: K) =>
    (v: GlobalSettings["thumbnail"][K]) =>
      setSectionField("thumbnail", k, v);
  return (
    <Fieldset legend={t("settings.global.thumbnail.legend")}>
      <div className="check-grid">
        <CheckField
          label={t("settings.global.thumbnail.enabled")}
          checked={thumbnail.thumbnailEnabled}
          onChange={set("thumbnailEnabled")}
        />
        <CheckField
          label={t("settings.global.thumbnail.video")}
          checked={thumbnail.thumbnailVideo}
          onChange={set("thumbnailVideo")}
        />
      </div>
      <TextField
        label={t("settings.global.thumbnail.cacheRoot")}
        value={thumbnail.cacheRoot}
        onChange={set("cacheRoot")}
        hint={t("settings.global.thumbnail.cacheRootHint")}
      />
      <div className="form-grid">
        <NumberField
          label={t("settings.global.thumbnail.gc")}
          {...SETTINGS_RANGES.thumbnail.cacheGcProbability}
          value={thumbnail.cacheGcProbability}
          onChange={set("cacheGcProbability")}
        />
        <NumberField
          label={t("settings.global.thumbnail.ttl")}
          {...SETTINGS_RANGES.thumbnail.cacheExpireTTL}
          value={thumbnail.cacheExpireTTL}
          onChange={set("cacheExpireTTL")}
          hint={t("settings.global.thumbnail.ttlHint")}
        />
        <NumberField
          label={t("settings.global.thumbnail.width")}
          {...SETTINGS_RANGES.thumbnail.thumbnailWidth}
          value={thumbnail.thumbnailWidth}
          onChange={set("thumbnailWidth")}
        />
        <NumberField
          label={t("settings.global.thumbnail.videoWidth")}
          {...SETTINGS_RANGES.thumbnail.thumbnailVideoWidth}
          value={thumbnail.thumbnailVideoWidth}
          onChange={set("thumbnailVideoWidth")}
        />
        <NumberField
          label={t("settings.global.thumbnail.columns")}
          {...SETTINGS_RANGES.thumbnail.thumbnailVideoColumns}
          value={thumbnail.thumbnailVideoColumns}
          onChange={set("thumbnailVideoColumns")}
        />
        <NumberField
          label={t("settings.global.thumbnail.numcaps")}
          {...SETTINGS_RANGES.thumbnail.thumbnailVideoNumcaps}
          value={thumbnail.thumbnailVideoNumcaps}
          onChange={set("thumbnailVideoNumcaps")}
        />
      </div>
      <p className="field-hint">{t("settings.global.thumbnail.defaultsHint")}</p>
      <TextField
        label={t("settings.global.thumbnail.comment")}
        value={thumbnail.thumbnailVideoComment}
        onChange={set("thumbnailVideoComment")}
      />
    </Fieldset>
  );
}
