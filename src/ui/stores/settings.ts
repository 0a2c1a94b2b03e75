/**
 * @module Global settings store (docs/product.md "Global settings", "Settings save"): draft, texts, user defaults,
 * commands and their one save.
 */
import { proxy, useSnapshot } from "valtio";
import i18next from "i18next";
import { fetchSettings, saveSettings, type GlobalSettings, type SettingsUpdate } from "../api/settings";
import { commandsFromTexts, commandTexts, globalPayload, settingsTexts, type SettingsTexts } from "./settings-rules";
import { defaultsData, draftFromDefaults, type UserDraft } from "./user-form-rules";
import { notifyError, notifySuccess } from "../notify";
import { RELOAD_DELAY_MS } from "../constants";
import { errorMessage } from "../api/errors";

interface SettingsState {
  draft: GlobalSettings | null;
  texts: SettingsTexts;
  commands: Record<string, string>;
  defaults: UserDraft | null;
  failed: boolean;
  busy: boolean;
}

const state = proxy<SettingsState>({
  draft: null,
  texts: { shell: "", excludeIndexDirs: "", captchaSecret: "" },
  commands: {},
  defaults: null,
  failed: false,
  busy: false,
});

type Section = "video" | "thumbnail" | "slideshow" | "branding" | "loginBan" | "captcha" | "rateLimit";
type TopField = Exclude<keyof GlobalSettings, Section | "defaults" | "commands" | "shell" | "excludeIndexDirs">;

/** Snapshot of the global settings screen. */
export function useSettings() {
  return useSnapshot(state);
}

function fill(s: GlobalSettings): void {
  state.draft = s;
  state.texts = settingsTexts(s);
  state.commands = commandTexts(s.commands);
  state.defaults = draftFromDefaults(s.defaults);
}

/** Loads the settings into the form. */
export async function loadSettings(): Promise<void> {
  state.failed = false;
  try {
    fill(await fetchSettings());
  } catch (err) {
    state.failed = true;
    notifyError(errorMessage(err));
  }
}

/** Sets a field of a settings section (video.volume, slideshow.transitionEffect...). */
export function setSectionField<S extends Section, K extends keyof GlobalSettings[S]>(
  section: S,
  key: K,
  value: GlobalSettings[S][K],
): void {
  if (state.draft) (state.draft[section] as GlobalSettings[S])[key] = value;
}

/** Sets a top-level field (signup, createUserDir, rules, indexLocation...). */
export function setTopField<K extends TopField>(key: K, value: GlobalSettings[K]): void {
  if (state.draft) state.draft[key] = value;
}

/** Sets the typed text of a list-valued field (shell words, excluded dirs, a new captcha secret). */
export function setSettingsText(name: keyof SettingsTexts, value: string): void {
  state.texts[name] = value;
}

/** Sets the lines typed for one command runner event. */
export function setCommandText(event: string, value: string): void {
  state.commands[event] = value;
}

/** Replaces the user defaults draft. */
export function editDefaultsDraft(next: UserDraft): void {
  state.defaults = next;
}

/**
 * Saves the whole Global settings page with its one Save: the global fields, the user defaults and the command
 * runner ('Settings updated!', then a reload after 500 ms so the injected config follows).
 */
export async function saveGlobalSettings(): Promise<boolean> {
  if (!state.draft || !state.defaults || state.busy) return false;
  const patch: SettingsUpdate = {
    ...globalPayload(state.draft, state.texts),
    defaults: defaultsData(state.defaults, state.draft.defaults),
    commands: commandsFromTexts(state.commands),
  };
  state.busy = true;
  try {
    await saveSettings(patch);
    notifySuccess(i18next.t("settings.updated"));
    // docs/product.md "Settings save": the page reloads 500 ms after a settings save, so the injected config follows.
    setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
    return true;
  } catch (err) {
    notifyError(errorMessage(err));
    return false;
  } finally {
    state.busy = false;
  }
}
