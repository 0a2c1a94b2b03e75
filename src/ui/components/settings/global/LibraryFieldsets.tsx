/**
 * @module Indexed Search and Photo Gallery Slideshow fieldsets of the global settings (docs/product.md "Global
 * settings").
 */
import { useTranslation } from "react-i18next";
import type { GlobalSettings } from "../../../api/settings";
import { SETTINGS_RANGES } from "../../../../shared/wire/settings";
import { transitionOptions, type TransitionMove, type TransitionWay } from "../../../stores/transition-names";
import { setSectionField, setSettingsText, setTopField } from "../../../stores/settings";
import { CheckField, Fieldset, NumberField, SelectField, TextAreaField, TextField } from "../fields";
import { IndexStatus } from "./IndexStatus";

/** The index status with its rebuild button, then index location, interval, old index removal and excluded folders. */
export function SearchFieldset({ settings, excludeText }: { settings: GlobalSettings; excludeText: string }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t("settings.global.search.legend")}>
      <IndexStatus />
      <TextField
        label={t("settings.global.search.location")}
        value={settings.indexLocation}
        onChange={(v) => setTopField("indexLocation", v)}
        hint={t("settings.global.search.locationHint")}
      />
      <NumberField
        label={t("settings.global.search.interval")}
        {...SETTINGS_RANGES.indexInterval}
        value={settings.indexInterval}
        onChange={(v) => setTopField("indexInterval", v)}
      />
      <CheckField
        label={t("settings.global.search.rmOldIndex")}
        checked={settings.rmOldIndex}
        onChange={(v) => setTopField("rmOldIndex", v)}
      />
      <TextAreaField
        label={t("settings.global.search.exclude")}
        rows={3}
        mono
        value={excludeText}
        onChange={(v) => setSettingsText("excludeIndexDirs", v)}
        hint={t("settings.global.search.excludeHint")}
      />
      {/* The server reads these four settings when it starts (index-boot.ts). */}
      <p className="field-hint">{t("settings.global.search.restartHint")}</p>
    </Fieldset>
  );
}

/** 'Photo Gallery Slideshow': indicators, loop, autoplay, effect, speed, interval and preload range. */
export function SlideshowFieldset({ slideshow }: { slideshow: GlobalSettings["slideshow"] }) {
  const { t, i18n } = useTranslation();
  const effectName = (move: TransitionMove, ways: readonly TransitionWay[]) => {
    const moveName = t(`settings.global.slideshow.moves.${move}`);
    if (ways.length === 0) return moveName;
    const wayNames = new Intl.ListFormat(i18n.language, { style: "short", type: "unit" }).format(
      ways.map((w) => t(`settings.global.slideshow.ways.${w}`)),
    );
    return t("settings.global.slideshow.transitionNamed", { move: moveName, ways: wayNames });
  };
  const set =
    <K extends keyof GlobalSettings["slideshow"]>(k: K) =>
    (v: GlobalSettings["slideshow"][K]) =>
      setSectionField("slideshow", k, v);
  return (
    <Fieldset legend={t("settings.global.slideshow.legend")}>
      <div className="check-grid">
        <CheckField
          label={t("settings.global.slideshow.showThumbIndicator")}
          checked={slideshow.showThumbIndicator}
          onChange={set("showThumbIndicator")}
        />
        <CheckField
          label={t("settings.global.slideshow.showDotIndicator")}
          checked={slideshow.showDotIndicator}
          onChange={set("showDotIndicator")}
        />
        <CheckField
          label={t("settings.global.slideshow.continuous")}
          checked={slideshow.continuous}
          onChange={set("continuous")}
        />
        <CheckField
          label={t("settings.global.slideshow.autoplaySlide")}
          checked={slideshow.autoplaySlide}
          onChange={set("autoplaySlide")}
        />
        <CheckField
          label={t("settings.global.slideshow.autoplayProgressBar")}
          checked={slideshow.autoplayProgressBar}
          onChange={set("autoplayProgressBar")}
        />
      </div>
      <div className="form-grid">
        <SelectField
          label={t("settings.global.slideshow.transitionEffect")}
          value={slideshow.transitionEffect}
          onChange={set("transitionEffect")}
          options={transitionOptions(effectName)}
        />
        <NumberField
          label={t("settings.global.slideshow.transitionSpeed")}
          {...SETTINGS_RANGES.slideshow.transitionSpeed}
          step={50}
          value={slideshow.transitionSpeed}
          onChange={set("transitionSpeed")}
        />
        <NumberField
          label={t("settings.global.slideshow.autoplayInterval")}
          {...SETTINGS_RANGES.slideshow.autoplayInterval}
          step={500}
          value={slideshow.autoplayInterval}
          onChange={set("autoplayInterval")}
        />
        <NumberField
          label={t("settings.global.slideshow.preloadRange")}
          {...SETTINGS_RANGES.slideshow.preloadRange}
          value={slideshow.preloadRange}
          onChange={set("preloadRange")}
        />
      </div>
    </Fieldset>
  );
}
