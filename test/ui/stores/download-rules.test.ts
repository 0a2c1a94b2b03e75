import { describe, expect, it } from "bun:test";
import { downloadPlan } from "../../../src/ui/stores/download-rules";

describe("download choice", () => {
  it("downloads a single plain file directly", () => {
    expect(downloadPlan([{ path: "/a.txt", isDir: false }], "/")).toEqual({ kind: "direct", path: "/a.txt" });
  });

  it("asks for a format for a folder", () => {
    expect(downloadPlan([{ path: "/dir/", isDir: true }], "/")).toEqual({ kind: "archive", paths: ["/dir/"] });
  });

  it("asks for a format for several items", () => {
    const plan = downloadPlan(
      [
        { path: "/a.txt", isDir: false },
        { path: "/b.txt", isDir: false },
      ],
      "/",
    );
    expect(plan).toEqual({ kind: "archive", paths: ["/a.txt", "/b.txt"] });
  });

  it("offers the folder on screen when nothing is selected", () => {
    expect(downloadPlan([], "/docs/")).toEqual({ kind: "archive", paths: ["/docs/"] });
  });
});
