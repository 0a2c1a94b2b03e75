import { describe, expect, it } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LOCALES } from "../../../src/ui/constants";

const DIR = join(import.meta.dir, "../../../src/ui/i18n/locales");

function keysOf(obj: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === "object" ? keysOf(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

function load(locale: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(DIR, `${locale}.json`), "utf8"));
}

const en = keysOf(load("en")).sort();

describe("locale files", () => {
  it("has one file per interface language and no others", () => {
    const files = readdirSync(DIR)
      .filter((f) => f.endsWith(".json"))
      .map((f) => f.replace(/\.json$/, ""))
      .sort();
    expect(files).toEqual([...LOCALES].sort());
  });

  it("holds none of the wire's 'hey man' task refusals: the interface says its own sentence in every language", () => {
    for (const locale of LOCALES) expect(JSON.stringify(load(locale)).toLowerCase()).not.toContain("hey man");
  });

  for (const locale of LOCALES.filter((l) => l !== "en")) {
    it(`${locale} has exactly the keys of en`, () => {
      expect(keysOf(load(locale)).sort()).toEqual(en);
    });

    it(`${locale} has a non-empty string for every key and keeps every {{placeholder}}`, () => {
      const flat = (o: Record<string, unknown>) =>
        Object.fromEntries(keysOf(o).map((k) => [k, k.split(".").reduce<any>((a, p) => a[p], o)]));
      const source = flat(load("en"));
      const target = flat(load(locale));
      for (const key of en) {
        expect(typeof target[key]).toBe("string");
        expect((target[key] as string).length).toBeGreaterThan(0);
        const placeholders = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
        expect({ key, p: placeholders(target[key]) }).toEqual({ key, p: placeholders(source[key]) });
      }
    });
  }

  it("keeps the documented message texts in en", () => {
    const messages = load("en") as any;
    expect(messages.errors.notFound).toBe("The resource cannot be found.");
    expect(messages.errors.forbidden).toBe("You don't have permissions to access this.");
    expect(messages.errors.internal).toBe("Something went wrong.");
    expect(messages.login.errors.wrongCredentials).toBe("Wrong username or password");
    expect(messages.login.errors.banned).toBe(
      "Your IP address has been banned after too many failed authentication attempts.",
    );
    expect(messages.upload.beforeUnload).toBe("Files are being uploaded.");
  });
});
