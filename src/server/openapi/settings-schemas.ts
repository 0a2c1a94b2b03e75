/**
 * @module The component schemas of the global settings (src/shared/wire/settings.ts): the GET/PUT /api/settings answer
 * and the PUT body, with every integer's range from SETTINGS_RANGES (the answer's example is DEFAULT_SETTINGS, examples.ts).
 */
import type { CaptchaSettings, GlobalSettings, SettingsCore } from "../../shared/wire/settings";
import { SETTINGS_RANGES, TRANSITION_EFFECTS } from "../../shared/wire/settings";
import { arr, bool, int, mapOf, object, oneOfValues, opt, ref, str, type Fields, type JsonSchema } from "./json-schema";

type Section = "slideshow" | "video" | "thumbnail" | "loginBan" | "rateLimit";

const R = SETTINGS_RANGES;

/** The sections of the settings, each typed against its part of SettingsCore. */
const sections: { [S in Section]: Fields<SettingsCore[S]> } = {
  slideshow: {
    transitionEffect: oneOfValues(TRANSITION_EFFECTS),
    continuous: bool(),
    transitionSpeed: int("ms.", R.slideshow.transitionSpeed),
    preloadRange: int(undefined, R.slideshow.preloadRange),
    showDotIndicator: bool(),
    showThumbIndicator: bool(),
    autoplaySlide: bool(),
    autoplayInterval: int("ms.", R.slideshow.autoplayInterval),
    autoplayProgressBar: bool(),
  },
  video: {
    autoplay: bool(),
    disableHls: bool(),
    disablePreview: bool(),
    quality: int("Index of the video quality list; 0 plays the file as it is.", R.video.quality),
    volume: int("Percent.", R.video.volume),
    seekDelta: int("Seconds.", R.video.seekDelta),
    seekDeltaLong: int("Seconds.", R.video.seekDeltaLong),
  },
  thumbnail: {
    cacheRoot: str(),
    cacheGcProbability: int(undefined, R.thumbnail.cacheGcProbability),
    cacheExpireTTL: int("Seconds.", R.thumbnail.cacheExpireTTL),
    thumbnailEnabled: bool(),
    thumbnailVideo: bool(),
    thumbnailWidth: int("px.", R.thumbnail.thumbnailWidth),
    thumbnailVideoWidth: int("px.", R.thumbnail.thumbnailVideoWidth),
    thumbnailVideoColumns: int(undefined, R.thumbnail.thumbnailVideoColumns),
    thumbnailVideoNumcaps: int(undefined, R.thumbnail.thumbnailVideoNumcaps),
    thumbnailVideoComment: str(),
  },
  loginBan: {
    enabled: bool(),
    maxAttempts: int(undefined, R.loginBan.maxAttempts),
    windowSeconds: int(undefined, R.loginBan.windowSeconds),
    banSeconds: int(undefined, R.loginBan.banSeconds),
  },
  rateLimit: {
    loginPerIp: int(undefined, R.rateLimit.loginPerIp),
    loginPerUser: int(undefined, R.rateLimit.loginPerUser),
    sharePasswordPerIp: int(undefined, R.rateLimit.sharePasswordPerIp),
    windowSeconds: int(undefined, R.rateLimit.windowSeconds),
  },
};

/** The fields of the settings but the captcha, which the answer and the body each carry their own way. */
const core: Fields<Omit<SettingsCore, "captcha">> = {
  signup: bool(),
  createUserDir: bool(),
  minimumPasswordLength: int(undefined, R.minimumPasswordLength),
  trustProxy: bool(),
  hsts: bool(),
  shell: arr(str(), 'The shell command runs under, e.g. ["bash", "-c"]; empty: no shell.'),
  commands: mapOf(arr(str()), "Event hooks: commands per event."),
  rules: arr(ref("Rule")),
  rmOldIndex: bool(),
  indexLocation: str(),
  indexInterval: int("Minutes.", R.indexInterval),
  excludeIndexDirs: arr(str()),
  taskWorkers: int(undefined, R.taskWorkers),
  unarchiveMaxRatio: int("0 turns the limit off.", R.unarchiveMaxRatio),
  commandSessionsPerUser: int(undefined, R.commandSessionsPerUser),
  tusUploadsPerUser: int(undefined, R.tusUploadsPerUser),
  trashRetentionDays: int("Days a deleted item stays in the trash.", R.trashRetentionDays),
  trashCapPercent: int("One user's trash cap, in percent of the free space; 0 sets none.", R.trashCapPercent),
  skipTrash: bool(),
  versionsKeep: int("Earlier contents kept per file; 0 keeps none.", R.versionsKeep),
  versionsDays: int("Days an earlier content is kept.", R.versionsDays),
  activityRetentionDays: int("Days an activity log entry is kept.", R.activityRetentionDays),
  defaults: ref("UserDefaults"),
  branding: object<SettingsCore["branding"]>({ name: str(), files: str(), description: str() }),
  slideshow: object<SettingsCore["slideshow"]>(sections.slideshow),
  video: object<SettingsCore["video"]>(sections.video),
  thumbnail: object<SettingsCore["thumbnail"]>(sections.thumbnail),
  loginBan: object<SettingsCore["loginBan"]>(sections.loginBan),
  rateLimit: object<SettingsCore["rateLimit"]>(sections.rateLimit),
};

const captchaFields: Fields<CaptchaSettings> = { enabled: bool(), key: str(), verifyUrl: str() };

/** The settings schemas, by component name. */
export function settingsSchemas(): Record<string, JsonSchema> {
  const answer = object<GlobalSettings>(
    {
      ...core,
      captcha: object<GlobalSettings["captcha"]>({
        ...captchaFields,
        secretSet: bool("Whether a captcha secret is stored; the secret itself is never sent."),
      }),
    },
    "The global settings, as admins read them.",
  );
  const { required: _all, ...anyPart } = object<Omit<SettingsCore, "captcha">>(core);
  const captcha = object<CaptchaSettings & { secret?: string }>({
    ...captchaFields,
    secret: opt(str('A new secret; "" keeps the stored one.')),
  });
  return {
    GlobalSettings: answer,
    SettingsUpdate: {
      ...anyPart,
      properties: { ...anyPart.properties, captcha },
      description: "Any top-level part of the settings; the others keep their values.",
    },
  };
}
