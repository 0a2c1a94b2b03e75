/**
 * @module i18next set-up; each locale is its own chunk, loaded when first used, so a page downloads only its
 * language. en.json is the source of the key type.
 */
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import type en from "./locales/en.json";
import { DEFAULT_LOCALE, type Locale } from "../constants";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
  }
}

type Messages = typeof en;

// One dynamic import per locale: the bundler makes each file a separate chunk.
const LOADERS: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import("./locales/en.json"),
  ja: () => import("./locales/ja.json"),
  ko: () => import("./locales/ko.json"),
  ru: () => import("./locales/ru.json"),
  "zh-cn": () => import("./locales/zh-cn.json"),
  "zh-tw": () => import("./locales/zh-tw.json"),
};

/** Fetches a locale's messages. Rejects when its chunk cannot be loaded (offline, server gone). */
async function loadMessages(lang: Locale): Promise<Messages> {
  return (await LOADERS[lang]()).default;
}

/**
 * Starts i18next in the given language with only that language's messages. Every locale file has exactly the
 * keys of en.json (checked by the build and a unit test), so no fallback bundle is needed.
 */
export async function initI18n(lang: Locale): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources: { [lang]: { translation: await loadMessages(lang) } },
    lng: lang,
    fallbackLng: false,
    lowerCaseLng: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lang;
}

/** Switches the interface language, loading its messages first when this page has not used it yet. */
export async function changeLanguage(lang: Locale): Promise<void> {
  if (!i18next.hasResourceBundle(lang, "translation"))
    i18next.addResourceBundle(lang, "translation", await loadMessages(lang));
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}

/** The current interface language (for Intl formatters). */
export function currentLanguage(): string {
  return i18next.language || DEFAULT_LOCALE;
}
