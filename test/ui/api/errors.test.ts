import { describe, expect, it } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import i18next from "i18next";
import { errorDetail, errorKindOf, errorMessage, errorSentence } from "../../../src/ui/api/errors";
import { ApiError } from "../../../src/ui/api/client";
import { LOCALES } from "../../../src/ui/constants";

const locale = (l: string) =>
  JSON.parse(readFileSync(join(import.meta.dir, "../../../src/ui/i18n/locales", `${l}.json`), "utf8"));

describe('errorKindOf (docs/product.md "Files view": the error pages)', () => {
  it("maps 404 and 403 by status or by the message start", () => {
    expect(errorKindOf(new ApiError(404, "404 Not Found"))).toBe("notFound");
    expect(errorKindOf(new Error("404 Not Found"))).toBe("notFound");
    expect(errorKindOf(new ApiError(403, "403 Forbidden"))).toBe("forbidden");
  });

  it("maps everything else to internal", () => {
    expect(errorKindOf(new ApiError(500, "500 Internal Server Error"))).toBe("internal");
    expect(errorKindOf(new ApiError(0, "network error"))).toBe("internal");
    expect(errorKindOf("weird")).toBe("internal");
  });
});

describe("errorDetail", () => {
  it("takes the text in the last parentheses", () => {
    expect(errorDetail("400 Bad Request (mode must be 1-3 octal digits)")).toBe("mode must be 1-3 octal digits");
    expect(errorDetail("403 Forbidden")).toBeNull();
    expect(errorDetail("403 Forbidden ()")).toBeNull();
  });
});

describe("errorSentence and errorMessage: every failure told as a translated sentence", () => {
  const sentence = (status: number, text = "") => errorSentence(new ApiError(status, text));

  it("maps each status the server answers to its sentence", () => {
    expect(sentence(409, "409 Conflict")).toEqual({ key: "errors.api.exists" });
    expect(sentence(403, "403 Forbidden")).toEqual({ key: "errors.forbidden" });
    expect(sentence(404, "404 Not Found")).toEqual({ key: "errors.notFound" });
    expect(sentence(401, "401 Unauthorized")).toEqual({ key: "errors.api.unauthorized" });
    expect(sentence(412, "412 Precondition Failed (the file changed on disk since it was opened)")).toEqual({
      key: "errors.api.changedOnDisk",
    });
    expect(sentence(413, "413 Payload Too Large")).toEqual({ key: "errors.api.tooLarge" });
    expect(sentence(429, "429 Too Many Requests")).toEqual({ key: "errors.api.tooMany" });
    expect(sentence(500, "500 Internal Server Error")).toEqual({ key: "errors.internal" });
    expect(sentence(0, "Failed to fetch")).toEqual({ key: "errors.api.network" });
  });

  it("keeps the server's reason of a 400, and names the missing tool of a 503", () => {
    expect(sentence(400, "400 Bad Request (mode must be 1-3 octal digits)")).toEqual({
      key: "errors.api.badRequestReason",
      values: { reason: "mode must be 1-3 octal digits" },
    });
    expect(sentence(400, "400 Bad Request")).toEqual({ key: "errors.api.badRequest" });
    expect(sentence(503, "503 Service Unavailable (tar.xz needs xz, which is not installed on the server)")).toEqual({
      key: "errors.api.missingTool",
      values: { tool: "xz" },
    });
    expect(sentence(503, "503 Service Unavailable")).toEqual({ key: "errors.api.unavailable" });
  });

  it("says why a folder holding items the rules hide cannot be moved, deleted or changed with its contents", () => {
    const hidden = (action: string) =>
      sentence(403, `403 Forbidden (cannot ${action} a folder holding items the rules hide)`);
    expect(hidden("move")).toEqual({ key: "errors.api.hiddenBelowMove" });
    expect(hidden("delete")).toEqual({ key: "errors.api.hiddenBelowDelete" });
    expect(hidden("change the mode of")).toEqual({ key: "errors.api.hiddenBelowChmod" });
    expect(hidden("replace")).toEqual({ key: "errors.api.hiddenBelowReplace" });
    expect(hidden("paint")).toEqual({ key: "errors.forbidden" });
    expect(sentence(400, "400 Bad Request (cannot move a folder holding items the rules hide)").key).toBe(
      "errors.api.badRequestReason",
    );
  });

  it("tells a browser refusal apart and never passes other errors' text through", () => {
    expect(errorSentence(new DOMException("Write permission denied.", "NotAllowedError"))).toEqual({
      key: "errors.api.notAllowed",
    });
    expect(errorSentence(new TypeError("x is undefined"))).toEqual({ key: "errors.internal" });
    expect(errorSentence("weird")).toEqual({ key: "errors.internal" });
    expect(sentence(418, "418 I'm a teapot")).toEqual({ key: "errors.internal" });
  });

  it("renders a sentence in each of the six languages, with no status line in it", async () => {
    await i18next.init({
      resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: locale(l) }])),
      lng: "en",
      lowerCaseLng: true,
    });
    const failures = [
      new ApiError(409, "409 Conflict"),
      new ApiError(0, "network error"),
      new ApiError(400, "400 Bad Request (destination is required)"),
      new ApiError(503, "503 Service Unavailable (tar.xz needs xz, which is not installed on the server)"),
      new ApiError(412, "412 Precondition Failed"),
      new ApiError(403, "403 Forbidden (cannot delete a folder holding items the rules hide)"),
      new Error("Unexpected token < in JSON"),
    ];
    await i18next.changeLanguage("en");
    const english = failures.map(errorMessage);
    for (const lang of LOCALES) {
      await i18next.changeLanguage(lang);
      failures.forEach((err, i) => {
        const text = errorMessage(err);
        expect({ lang, text }).not.toEqual({
          lang,
          text: expect.stringMatching(/^(\d{3}|errors\.)|Conflict|Unexpected token|{{/),
        });
        if (lang !== "en") expect({ lang, text }).not.toEqual({ lang, text: english[i] });
      });
    }
    await i18next.changeLanguage("en");
    expect(errorMessage(new ApiError(409, "409 Conflict"))).toBe("A file or folder with this name already exists.");
    expect(errorMessage(new ApiError(0, "Failed to fetch"))).toBe(
      "The server could not be reached. Check your connection and try again.",
    );
    expect(
      errorMessage(
        new ApiError(503, "503 Service Unavailable (tar.xz needs xz, which is not installed on the server)"),
      ),
    ).toBe("The server cannot do this because xz is not installed.");
  });
});
