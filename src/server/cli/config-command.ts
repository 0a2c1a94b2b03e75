/**
 * @module `fbe config cat|set` (docs/interfaces.md "Command line for scripts"): prints or changes the global settings
 * with the same checks as PUT /api/settings. Options are the settings' own names: `--signup`, `--branding.name X`,
 * `--video.volume 50`; list and object fields take JSON (`--rules '[...]'`, `--defaults '{...}'`).
 */
import type { Database } from "bun:sqlite";
import { UsageError } from "../config/load";
import { getSettings, updateSettings } from "../settings/settings-service";
import { SETTINGS_FIELDS, type FieldSpec, type SectionSpec } from "../settings/schema";
import { presentSettings } from "../presenters/settings";
import type { CliArgs, OptionKind } from "./parse-args";

/** Fields given as JSON on the command line. */
const JSON_KINDS: readonly FieldSpec["kind"][] = ["rules", "command-map", "user-defaults", "string-list"];

/** The spec of a dotted settings name (`signup`, `branding.name`), or undefined. */
function specOf(name: string): FieldSpec | undefined {
  const [top, field, ...rest] = name.split(".");
  const spec = (SETTINGS_FIELDS as Record<string, FieldSpec | SectionSpec>)[top];
  if (!spec || rest.length > 0) return undefined;
  const isField = typeof (spec as FieldSpec).kind === "string";
  if (field === undefined) return isField ? (spec as FieldSpec) : undefined;
  return isField ? undefined : (spec as SectionSpec)[field];
}

/** Kinds of the options of `config set`: booleans are flags, everything else takes a value. */
export function configOptionKind(name: string): OptionKind | undefined {
  const spec = specOf(name);
  if (!spec) return undefined;
  return spec.kind === "boolean" ? "boolean" : "string";
}

/** Runs one `config` sub-command and returns the lines to print. @throws UsageError, or BadRequest for a value out of range. */
export function runConfigCommand(db: Database, args: CliArgs): string[] {
  const [sub, ...pos] = args.positionals;
  if (pos.length > 0) throw new UsageError(`unexpected argument: ${pos[0]}`);
  if (sub === "cat") return [JSON.stringify(presentSettings(getSettings(db)), null, 2)];
  if (sub !== "set") throw new UsageError(`unknown command: fbe config ${sub ?? ""}`.trim());
  if (args.options.size === 0)
    throw new UsageError("usage: fbe config set [--signup] [--createUserDir] [--branding.name X] ...");
  const patch: Record<string, unknown> = {};
  for (const [name, raw] of args.options) {
    const spec = specOf(name)!;
    const value = typeof raw === "string" && JSON_KINDS.includes(spec.kind) ? parseJson(name, raw) : raw;
    const [top, field] = name.split(".");
    if (field === undefined) patch[top] = value;
    else patch[top] = { ...((patch[top] as object) ?? {}), [field]: value };
  }
  return [JSON.stringify(presentSettings(updateSettings(db, patch)), null, 2)];
}

function parseJson(name: string, raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new UsageError(`--${name} expects JSON`);
  }
}
