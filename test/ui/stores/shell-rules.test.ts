import { describe, expect, it } from "bun:test";
import { appendLines, canUseShell, historyStep, lineOfMessage, remember } from "../../../src/ui/stores/shell-rules";

const perm = (p: { admin?: boolean; execute?: boolean }) => ({ admin: false, execute: false, ...p });

describe("the shell overlay rules", () => {
  it("offers the shell only with execute (or admin) and at least one allowed command", () => {
    expect(canUseShell({ perm: perm({ execute: true }), commands: ["ls"] })).toBe(true);
    expect(canUseShell({ perm: perm({ admin: true }), commands: ["ls"] })).toBe(true);
    expect(canUseShell({ perm: perm({ execute: true }), commands: [] })).toBe(false);
    expect(canUseShell({ perm: perm({}), commands: ["ls"] })).toBe(false);
    expect(canUseShell(null)).toBe(false);
  });

  it("turns server messages into output lines and translated notes", () => {
    expect(lineOfMessage({ type: "start", line: "ls" })).toBeNull();
    expect(lineOfMessage({ type: "stdout", line: "a.txt" })).toEqual({ kind: "stdout", text: "a.txt" });
    expect(lineOfMessage({ type: "stderr", line: "oops" })).toEqual({ kind: "stderr", text: "oops" });
    expect(
      lineOfMessage({ type: "refused", code: "not_allowed", detail: "rm", message: "command not allowed: rm" }),
    ).toEqual({
      kind: "error",
      key: "shell.refused.not_allowed",
      values: { detail: "rm" },
    });
    expect(lineOfMessage({ type: "end", reason: "exit", exitCode: 0 })).toBeNull();
    expect(lineOfMessage({ type: "end", reason: "exit", exitCode: 2 })).toEqual({
      kind: "note",
      key: "shell.end.exit",
      values: { code: 2 },
    });
    expect(lineOfMessage({ type: "end", reason: "exit", exitCode: null })?.key).toBe("shell.end.signal");
    expect(lineOfMessage({ type: "end", reason: "timeout", exitCode: null })).toEqual({
      kind: "error",
      key: "shell.end.timeout",
    });
  });

  it("keeps only the newest lines", () => {
    const lines = appendLines(
      [
        { kind: "stdout", text: "1" },
        { kind: "stdout", text: "2" },
      ],
      [{ kind: "stdout", text: "3" }],
      2,
    );
    expect(lines.map((l) => l.text)).toEqual(["2", "3"]);
  });

  it("remembers typed lines without repeating the last one and walks them with up and down", () => {
    let h = remember([], "ls", 3);
    h = remember(h, "ls", 3);
    h = remember(h, "pwd", 3);
    expect(h).toEqual(["ls", "pwd"]);
    expect(remember(["a", "b", "c"], "d", 3)).toEqual(["b", "c", "d"]);
    expect(historyStep(h, 2, -1)).toEqual({ index: 1, text: "pwd" });
    expect(historyStep(h, 1, -1)).toEqual({ index: 0, text: "ls" });
    expect(historyStep(h, 0, -1)).toEqual({ index: 0, text: "ls" });
    expect(historyStep(h, 1, 1)).toEqual({ index: 2, text: "" });
    expect(historyStep(h, 2, 1)).toEqual({ index: 2, text: "" });
  });
});
