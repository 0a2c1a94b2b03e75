/** @module Version, commit and build date, fixed at compile time through --define (scripts/build.ts). */

declare const FBE_VERSION: string | undefined;
declare const FBE_COMMIT: string | undefined;
declare const FBE_BUILD_DATE: string | undefined;

export interface BuildInfo {
  version: string;
  commit: string;
  buildDate: string;
  os: string;
  arch: string;
  runtime: string;
}

/** The build facts of this binary; values fall back to "dev" when run from source. */
export function buildInfo(): BuildInfo {
  return {
    version: typeof FBE_VERSION === "string" ? FBE_VERSION : "dev",
    commit: typeof FBE_COMMIT === "string" ? FBE_COMMIT : "dev",
    buildDate: typeof FBE_BUILD_DATE === "string" ? FBE_BUILD_DATE : "dev",
    os: process.platform,
    arch: process.arch,
    runtime: `bun ${Bun.version}`,
  };
}
