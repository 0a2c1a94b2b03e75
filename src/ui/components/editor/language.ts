/**
 * @module The editor's language by file name (docs/product.md "Editor"), loaded lazily from @codemirror/language-data.
 */
import { LanguageDescription, type LanguageSupport } from "@codemirror/language";
import { languages } from "@codemirror/language-data";

/** The language description matching a file name ("a.md" -> Markdown, "Dockerfile" -> Dockerfile), or null. */
export function describeLanguage(fileName: string): LanguageDescription | null {
  return LanguageDescription.matchFilename(languages, fileName);
}

/** Loads the language support for a file name; null for plain text or when the mode fails to load. */
export async function loadLanguage(fileName: string): Promise<LanguageSupport | null> {
  const desc = describeLanguage(fileName);
  if (!desc) return null;
  try {
    return desc.support ?? (await desc.load());
  } catch {
    return null;
  }
}
