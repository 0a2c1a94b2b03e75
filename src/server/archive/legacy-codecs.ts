/**
 * @module iconv-lite and chardet, loaded on first use: their code-page tables and detectors are needed only when a
 * name, subtitle or .nfo is not UTF-8, so an idle server never runs them.
 */
type IconvLite = typeof import("iconv-lite");
type Chardet = typeof import("chardet");

let iconvModule: IconvLite | undefined;
let chardetModule: Chardet | undefined;

/** The iconv-lite module (decode, encode, encodingExists), loaded by the first call. */
export function iconvLite(): IconvLite {
  return (iconvModule ??= require("iconv-lite") as IconvLite);
}

/** The chardet module (analyse, detect), loaded by the first call. */
export function chardetLib(): Chardet {
  return (chardetModule ??= require("chardet") as Chardet);
}
