/**
 * @module Pure tokeniser and guard of one command line of the command runner (docs/product.md "Sockets") and
 * of the event hooks: quotes as a POSIX shell reads them, refusal of everything that could start a second
 * command or a substitution when the line goes to a shell, and the allow-list check of the first word.
 */
import type { CommandRefusalCode } from "../../shared/wire/command";

/** Thrown by parseCommandLine and checkCommandLine: the line runs nothing. */
export class CommandRefused extends Error {
  constructor(
    readonly code: CommandRefusalCode,
    readonly detail = "",
  ) {
    super(REFUSAL_TEXT[code](detail));
  }
}

/** How a line is read: `shell` when the global shell setting is set (the line goes to it as one argument). */
export interface LineMode {
  shell: boolean;
}

/**
 * Splits `line` into words (quotes removed), as a POSIX shell would. With `mode.shell` the line is refused when
 * any character outside quotes could make the shell do more than run one simple command: the operators
 * `; & | < > ( )` and newlines (a second command, a pipe, a redirection, a subshell), and `$` or a backtick
 * anywhere outside single quotes (parameter, command and arithmetic substitution work inside double quotes too).
 * Without a shell the words go straight to the program as arguments: nothing is interpreted, those characters
 * are plain text and newlines separate words.
 * @returns the words (at least one).
 * @throws CommandRefused with code empty, operator, substitution, unclosed_quote or control.
 */
export function parseCommandLine(line: string, mode: LineMode): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === "\0" || (ch < " " && ch !== "\t" && ch !== "\n" && ch !== "\r"))
      throw new CommandRefused("control", `U+${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
    if (quote === "'") {
      if (ch === "'") quote = null;
      else word += ch;
      continue;
    }
    if (mode.shell && (ch === "$" || ch === "`")) throw new CommandRefused("substitution", ch);
    if (quote === '"') {
      if (ch === '"') quote = null;
      // Inside double quotes a backslash escapes only these (POSIX 2.2.3); elsewhere it stays.
      else if (ch === "\\" && i + 1 < line.length && '"\\$`'.includes(line[i + 1])) word += line[++i];
      else if (mode.shell && (ch === "\n" || ch === "\r")) throw new CommandRefused("operator", "\\n");
      else word += ch;
      continue;
    }
    if (ch === "\\") {
      const next = line[i + 1];
      if (next === undefined) throw new CommandRefused("unclosed_quote", "\\");
      if (mode.shell && (next === "\n" || next === "\r")) throw new CommandRefused("operator", "\\n");
      word += next;
      inWord = true;
      i++;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
      continue;
    }
    if (ch === "\n" || ch === "\r") {
      if (mode.shell) throw new CommandRefused("operator", "\\n");
    } else if (mode.shell && SHELL_OPERATORS.includes(ch)) {
      throw new CommandRefused("operator", operatorAt(line, i));
    }
    if (ch === " " || ch === "\t" || ch === "\n" || ch === "\r") {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      continue;
    }
    word += ch;
    inWord = true;
  }
  if (quote) throw new CommandRefused("unclosed_quote", quote);
  if (inWord) words.push(word);
  if (words.length === 0) throw new CommandRefused("empty");
  return words;
}

/**
 * Parses `line` and checks its first word against the user's allowed commands (exact match, docs/product.md "User"
 * commands). With a shell the first word must also be written without glob characters, so the shell cannot turn
 * it into a file name of the folder.
 * @returns the words of the line.
 * @throws CommandRefused (not_allowed, glob_command, or any code of parseCommandLine).
 */
export function checkCommandLine(line: string, allowed: readonly string[], mode: LineMode): string[] {
  const words = parseCommandLine(line, mode);
  const first = words[0];
  if (!allowed.includes(first)) throw new CommandRefused("not_allowed", first);
  if (mode.shell && /[*?[]/.test(firstRawWord(line))) throw new CommandRefused("glob_command", first);
  return words;
}

/**
 * The program and arguments that run a checked line: through the shell words (`["bash", "-c"]` gets the line as
 * its last argument, so the shell expands globs and quotes) or, without a shell, the words themselves.
 */
export function commandInvocation(
  line: string,
  words: readonly string[],
  shell: readonly string[],
): { cmd: string; args: string[] } {
  if (shell.length > 0) return { cmd: shell[0], args: [...shell.slice(1), line.trim()] };
  return { cmd: words[0], args: words.slice(1) };
}

// POSIX 2.9 control and redirection operators start with one of these; `(` `)` also open subshells and process
// substitution `<(…)`.
const SHELL_OPERATORS = ";&|<>()";

const REFUSAL_TEXT: Record<CommandRefusalCode, (detail: string) => string> = {
  empty: () => "empty command",
  not_allowed: (d) => `command not allowed: ${d}`,
  operator: (d) => `shell operator not allowed: ${d}`,
  substitution: (d) => `substitution not allowed: ${d}`,
  unclosed_quote: (d) => `unclosed quote: ${d}`,
  control: (d) => `control character not allowed: ${d}`,
  glob_command: (d) => `the command name cannot be a pattern: ${d}`,
  busy: () => "a command is already running",
  too_many: (d) => `too many commands at once: at most ${d} per user`,
};

/** The operator starting at `i`, with its second character when it has one (`&&`, `||`, `>>`, `<<`). */
function operatorAt(line: string, i: number): string {
  const two = line.slice(i, i + 2);
  return ["&&", "||", ">>", "<<", ">&", "<&", "&>", ">|"].includes(two) ? two : line[i];
}

/** The first word of the line as typed (quotes kept), for the glob check: a quoted `*` is no pattern. */
function firstRawWord(line: string): string {
  const trimmed = line.trimStart();
  let out = "";
  let quote: string | null = null;
  for (let i = 0; i < trimmed.length; i++) {
    const ch = trimmed[i];
    if (quote) {
      if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"') quote = ch;
    else if (ch === "\\") i++;
    else if (ch === " " || ch === "\t") break;
    else out += ch;
  }
  return out;
}
