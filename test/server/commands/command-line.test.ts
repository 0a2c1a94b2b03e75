import { describe, expect, it } from "bun:test";
import {
  checkCommandLine,
  commandInvocation,
  CommandRefused,
  parseCommandLine,
} from "../../../src/server/commands/command-line";

const SHELL = { shell: true };
const DIRECT = { shell: false };

function refusal(line: string, mode = SHELL, allowed = ["ls", "echo", "cat"]): { code: string; detail: string } | null {
  try {
    checkCommandLine(line, allowed, mode);
    return null;
  } catch (err) {
    if (!(err instanceof CommandRefused)) throw err;
    return { code: err.code, detail: err.detail };
  }
}

describe("parseCommandLine", () => {
  it.each([
    ["ls -la", ["ls", "-la"]],
    ["  echo   a\tb  ", ["echo", "a", "b"]],
    ["echo 'a b' \"c d\"", ["echo", "a b", "c d"]],
    ["echo a\\ b", ["echo", "a b"]],
    ['echo "say \\"hi\\""', ["echo", 'say "hi"']],
    ['echo "a\\nb"', ["echo", "a\\nb"]],
    ["echo ''", ["echo", ""]],
    ["echo x'y'\"z\"", ["echo", "xyz"]],
  ])("splits %p into words with quotes removed", (line, words) => {
    expect(parseCommandLine(line, SHELL)).toEqual(words);
    expect(parseCommandLine(line, DIRECT)).toEqual(words);
  });

  it("keeps every shell character as plain text when no shell is configured", () => {
    expect(parseCommandLine("echo a;b && c || d | e `f` $(g) ${h} > i < j", DIRECT)).toEqual([
      "echo",
      "a;b",
      "&&",
      "c",
      "||",
      "d",
      "|",
      "e",
      "`f`",
      "$(g)",
      "${h}",
      ">",
      "i",
      "<",
      "j",
    ]);
    expect(parseCommandLine("echo a\nb", DIRECT)).toEqual(["echo", "a", "b"]);
  });
});

describe("checkCommandLine with a shell", () => {
  it.each([
    ["ls; touch x", "operator", ";"],
    ["ls && touch x", "operator", "&&"],
    ["ls || touch x", "operator", "||"],
    ["ls | touch x", "operator", "|"],
    ["ls & touch x", "operator", "&"],
    ["ls `touch x`", "substitution", "`"],
    ["ls $(touch x)", "substitution", "$"],
    ["ls ${HOME}", "substitution", "$"],
    ["ls $HOME", "substitution", "$"],
    ['ls "$(touch x)"', "substitution", "$"],
    ['ls "`touch x`"', "substitution", "`"],
    ["ls > x", "operator", ">"],
    ["ls >> x", "operator", ">>"],
    ["ls < x", "operator", "<"],
    ["cat <(touch x)", "operator", "<"],
    ["ls (x)", "operator", "("],
    ["ls\ntouch x", "operator", "\\n"],
    ["ls\rtouch x", "operator", "\\n"],
    ["ls \\\ntouch x", "operator", "\\n"],
    ['ls "a\nb"', "operator", "\\n"],
    ["ls 'x", "unclosed_quote", "'"],
    ['ls "x', "unclosed_quote", '"'],
    ["ls x\\", "unclosed_quote", "\\"],
    ["ls \u0007", "control", "U+0007"],
    ["rm -rf x", "not_allowed", "rm"],
    ["   ", "empty", ""],
    ["l* x", "not_allowed", "l*"],
    ["'ls'x", "not_allowed", "lsx"],
  ])("refuses %p (%s %s)", (line, code, detail) => {
    expect(refusal(line)).toEqual({ code, detail });
  });

  it("refuses a pattern as the command name even when the admin allowed that word", () => {
    expect(refusal("l?", SHELL, ["l?"])).toEqual({ code: "glob_command", detail: "l?" });
    expect(refusal("'l?'", SHELL, ["l?"])).toBeNull();
  });

  it.each([
    "echo 'a;b' 'c && d' 'e || f' 'g | h' '`i`' '$(j)' '${k}' 'l > m'",
    'echo "a;b" "c && d" "e || f" "g | h" "l > m" "(n)"',
    "echo a\\;b c\\&\\&d e\\|f \\> \\$\\(g\\) \\`h\\`",
    "ls *.txt",
    "ls -la 'dir with spaces'",
  ])("allows %p: the operators are quoted, escaped or only globs", (line) => {
    expect(refusal(line)).toBeNull();
  });

  it("accepts the first word only as listed, quoted or not", () => {
    expect(checkCommandLine("'ls' -l", ["ls"], SHELL)).toEqual(["ls", "-l"]);
    expect(refusal("/bin/ls", SHELL, ["ls"])).toEqual({ code: "not_allowed", detail: "/bin/ls" });
    expect(refusal("ls", SHELL, [])).toEqual({ code: "not_allowed", detail: "ls" });
  });
});

describe("checkCommandLine without a shell", () => {
  it.each(["ls a; touch x", "ls && touch x", "ls `touch x`", "ls $(touch x)", "ls > x", "ls\ntouch x"])(
    "takes %p as one program with plain arguments",
    (line) => {
      expect(checkCommandLine(line, ["ls"], DIRECT)[0]).toBe("ls");
    },
  );

  it("still refuses a first word that is not allowed", () => {
    expect(refusal("rm -rf /", DIRECT)).toEqual({ code: "not_allowed", detail: "rm" });
  });
});

describe("commandInvocation", () => {
  it("hands the whole line to the shell as its last argument", () => {
    expect(commandInvocation("  ls *.txt ", ["ls", "*.txt"], ["bash", "-c"])).toEqual({
      cmd: "bash",
      args: ["-c", "ls *.txt"],
    });
  });

  it("runs the words directly without a shell", () => {
    expect(commandInvocation("ls 'a b'", ["ls", "a b"], [])).toEqual({ cmd: "ls", args: ["a b"] });
  });
});
