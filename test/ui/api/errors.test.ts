import { describe, expect, it } from "bun:test";
import { errorDetail, errorKindOf } from "../../../src/ui/api/errors";
import { ApiError } from "../../../src/ui/api/client";

describe("errorKindOf (SPEC §2 Files view error pages)", () => {
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
