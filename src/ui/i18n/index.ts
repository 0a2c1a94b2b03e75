/** @module i18next set-up with the six bundled locales; en.json is the source of the key type (STYLE rule 20). */
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import en from "./locales/en.json";
import ja from "./locales/ja.json";
import ko from "./locales/ko.json";
import ru from "./locales/ru.json";
import zhCn from "./locales/zh-cn.json";
import zhTw from "./locales/zh-tw.json";
import { DEFAULT_LOCALE, type Locale } from "../constants";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
  }
}

const resources = {
  en: { translation: en },
  ja: { translation: ja },
  ko: { translation: ko },
  ru: { translation: ru },
  "zh-cn": { translation: zhCn },
  "zh-tw": { translation: zhTw },
};

/** Starts i18next in the given language, English as fallback. */
export async function initI18n(lang: Locale): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: DEFAULT_LOCALE,
    lowerCaseLng: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lang;
}

/** Switches the interface language. */
export async function changeLanguage(lang: Locale): Promise<void> {
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}

/** The current interface language (for Intl formatters). */
export function currentLanguage(): string {
  return i18next.language || DEFAULT_LOCALE;
}
