/**
 * @module Names of subtitle languages (docs/video.md "Subtitles"): the language tag a track carries (ffprobe's ISO
 * 639-2 "eng" or "fre", or a sidecar name's "en", "pt_BR", "chs") as a language name in the interface's language,
 * through Intl.DisplayNames, and whether a track is in the interface's language. Pure.
 */

/** Players' short names of subtitle languages that are no language tags (`movie.chs.srt`), as tags. */
const PLAYER_TAGS: Readonly<Record<string, string>> = { chs: "zh-Hans", cht: "zh-Hant" };

/** The tag `raw` as BCP 47 ("pt_BR" -> "pt-BR", "chs" -> "zh-Hans"), "" for none. */
function asTag(raw: string): string {
  const tag = raw.trim().replace(/_/g, "-");
  return PLAYER_TAGS[tag.toLowerCase()] ?? tag;
}

/**
 * The name of language `tag` in the interface language `uiLanguage` ("eng" in "en" -> "English", in "ja" -> "英語");
 * "" when the tag is empty, undetermined ("und") or names no language Intl knows ("qaa", "xx").
 */
export function languageName(tag: string, uiLanguage: string): string {
  const bcp = asTag(tag);
  if (bcp === "") return "";
  try {
    // fallback "none": an unknown code gives undefined instead of the code itself.
    return new Intl.DisplayNames([uiLanguage], { type: "language", fallback: "none" }).of(bcp) ?? "";
  } catch {
    // RangeError: not a well-formed language tag ("e", "english").
    return "";
  }
}

/**
 * Whether a track tagged `tag` is in the interface language `uiLanguage` ("eng" and "en", "chi" and "zh-cn",
 * "fre" and "fr"): the same primary language, compared by English name since engines differ in mapping ISO 639-2
 * codes to two-letter ones.
 */
export function isUiLanguage(tag: string, uiLanguage: string): boolean {
  const primary = (t: string) => asTag(t).split("-")[0];
  const name = languageName(primary(tag), "en");
  return name !== "" && name === languageName(primary(uiLanguage), "en");
}
