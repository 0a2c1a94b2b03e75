/**
 * @module Pure rules of the global settings form (docs/product.md "Settings ranges", "Slideshow and video defaults").
 */
import type { GlobalSettings, SettingsUpdate } from "../api/settings";
import { VIDEO_QUALITIES } from "../../shared/wire/video";
import { HOOK_ACTIONS } from "../../shared/wire/hooks";

/** Events of the command runner card, in the order shown (docs/product.md "Command runner"). */
export const COMMAND_EVENTS: readonly string[] = HOOK_ACTIONS.flatMap((a) => [`before_${a}`, `after_${a}`]);

/**
 * One option of the video quality select: 0 is "normal", then HLS resolution and bit rate (docs/product.md "Slideshow
 * and video defaults").
 */
export interface QualityOption {
  value: number;
  res?: string;
  mbps?: number;
}

/** The 19 quality options: normal (0, the default) then 1 to 18. */
export const QUALITY_OPTIONS: readonly QualityOption[] = [
  { value: 0 },
  ...VIDEO_QUALITIES.flatMap((q, value) => (q ? [{ value, res: `${q.height}p`, mbps: q.mbps }] : [])),
];

/**
 * docs/product.md "Settings ranges": a number input's text as a number; an empty or invalid entry is NaN (sent as null,
 * refused by the server).
 */
export function toNumber(raw: string): number {
  const text = raw.trim();
  return text === "" ? Number.NaN : Number(text);
}

/** A number shown in an input ("" for NaN). */
export function numberText(value: number): string {
  return Number.isFinite(value) ? String(value) : "";
}

/** docs/product.md "Settings ranges": the shell is split on spaces and empty words are dropped. */
export function splitShell(text: string): string[] {
  return text
    .split(" ")
    .map((w) => w.trim())
    .filter(Boolean);
}

/** docs/product.md "Settings ranges": command lines are trimmed and empty ones dropped. */
export function commandLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** The event names to show: the known ones, then any other stored one. */
export function commandEvents(commands: Record<string, string[]>): string[] {
  const known: readonly string[] = COMMAND_EVENTS;
  return [
    ...known,
    ...Object.keys(commands)
      .filter((k) => !known.includes(k))
      .sort(),
  ];
}

/** The texts of the command runner textareas, one per event. */
export function commandTexts(commands: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(commandEvents(commands).map((e) => [e, (commands[e] ?? []).join("\n")]));
}

/** The commands map to save: every event's trimmed non-empty lines (events without lines are dropped). */
export function commandsFromTexts(texts: Record<string, string>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(texts)
      .map(([e, t]) => [e, commandLines(t)])
      .filter(([, lines]) => lines.length > 0),
  );
}

/** The texts typed into the global form for list-valued settings. */
export interface SettingsTexts {
  shell: string;
  excludeIndexDirs: string;
  captchaSecret: string;
}

/** The texts shown for the list-valued settings of `s`. */
export function settingsTexts(s: GlobalSettings): SettingsTexts {
  return { shell: s.shell.join(" "), excludeIndexDirs: s.excludeIndexDirs.join("\n"), captchaSecret: "" };
}

/**
 * The PUT body of the global form: everything but the defaults and commands (they have their own cards),
 * with the shell split, exclude dirs one per line, the video thumbnail comment trimmed, and the captcha
 * secret sent only when typed.
 */
export function globalPayload(s: GlobalSettings, texts: SettingsTexts): SettingsUpdate {
  const { defaults: _d, commands: _c, captcha, ...rest } = s;
  const { secretSet: _s, ...captchaFields } = captcha;
  return {
    ...rest,
    shell: splitShell(texts.shell),
    excludeIndexDirs: commandLines(texts.excludeIndexDirs),
    thumbnail: { ...s.thumbnail, thumbnailVideoComment: s.thumbnail.thumbnailVideoComment.trim() },
    captcha: texts.captchaSecret.trim() ? { ...captchaFields, secret: texts.captchaSecret.trim() } : captchaFields,
  };
}

/**
 * docs/security.md "Open signup": signup on while new accounts get the whole files root (no createUserDir and the
 * saved default scope "/"); the server refuses to save it, and the form says why beside the checkbox.
 */
export function signupReachesWholeRoot(s: Pick<GlobalSettings, "signup" | "createUserDir" | "defaults">): boolean {
  return s.signup && !s.createUserDir && (s.defaults.scope === "/" || s.defaults.scope === "");
}
