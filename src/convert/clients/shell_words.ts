/**
 * Splits one shell command line into words the way bash does for a pasted
 * cURL command: single, double and ANSI-C (`$'...'`) quoting, backslash
 * escapes, line continuations, comments, and the end of the command at a
 * newline, `;`, `|`, `&&` or `||`. Variables are not expanded (`$TOKEN` stays
 * as written). A heredoc (`<<EOF`) or herestring (`<<<`) becomes the stdin text.
 */

export interface ShellCommand {
  words: string[];
  /** Text a heredoc or herestring feeds to the command, when there is one. */
  stdin?: string;
  /** `< file` redirection. */
  stdinFile?: string;
}

const ANSI_ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};

/** Reads `$'...'` from just after the opening quote; returns the text and the index after the closing quote. */
function ansiC(text: string, start: number): [string, number] {
  let out = "";
  let i = start;
  while (i < text.length && text[i] !== "'") {
    if (text[i] !== "\\") {
      out += text[i++];
      continue;
    }
    const next = text[i + 1];
    if (next in ANSI_ESCAPES) {
      out += ANSI_ESCAPES[next];
      i += 2;
    } else if (next === "x" || next === "u" || next === "U") {
      const max = next === "x" ? 2 : next === "u" ? 4 : 8;
      const hex = /^[0-9a-fA-F]+/.exec(text.slice(i + 2, i + 2 + max))?.[0] ?? "";
      out += hex ? String.fromCodePoint(parseInt(hex, 16)) : `\\${next}`;
      i += 2 + hex.length;
    } else if (/[0-7]/.test(next)) {
      const oct = /^[0-7]{1,3}/.exec(text.slice(i + 1))![0];
      out += String.fromCharCode(parseInt(oct, 8));
      i += 1 + oct.length;
    } else {
      out += "\\" + (next ?? "");
      i += 2;
    }
  }
  return [out, i + 1];
}

/**
 * @example
 * ```ts
 * import { splitShell } from "./shell_words.ts";
 * splitShell(`curl -H 'A: b' $'x\\ny'`)[0].words; // ["curl", "-H", "A: b", "x\ny"]
 * ```
 */
export function splitShell(input: string): ShellCommand[] {
  const text = input.replace(/\r\n?/g, "\n");
  const commands: ShellCommand[] = [];
  let words: string[] = [];
  let result: ShellCommand = { words };
  let word = "";
  let inWord = false;
  let pendingHeredoc: string | undefined;
  let redirect: "<" | "<<<" | undefined;
  const finish = () => {
    if (!inWord) return;
    if (redirect === "<") result.stdinFile = word;
    // A herestring of an unexpanded variable has no known text.
    else if (redirect === "<<<") {
      if (!word.includes("$")) result.stdin = word + "\n";
    } else words.push(word);
    redirect = undefined;
    word = "";
    inWord = false;
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "\\" && text[i + 1] === "\n") {
      i += 2;
      continue;
    }
    if (c === "\\") {
      word += text[i + 1] ?? "";
      inWord = true;
      i += 2;
      continue;
    }
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      const stop = end === -1 ? text.length : end;
      word += text.slice(i + 1, stop);
      inWord = true;
      i = stop + 1;
      continue;
    }
    if (c === "$" && text[i + 1] === "'") {
      const [value, next] = ansiC(text, i + 2);
      word += value;
      inWord = true;
      i = next;
      continue;
    }
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === "\\" && /["\\$`\n]/.test(text[i + 1] ?? "")) {
          if (text[i + 1] !== "\n") word += text[i + 1];
          i += 2;
        } else word += text[i++];
      }
      inWord = true;
      i++;
      continue;
    }
    if (c === "`") {
      // Command substitution is kept as written; it cannot run here.
      const end = text.indexOf("`", i + 1);
      const stop = end === -1 ? text.length : end + 1;
      word += text.slice(i, stop);
      inWord = true;
      i = stop;
      continue;
    }
    if (c === " " || c === "\t") {
      finish();
      i++;
      continue;
    }
    if (c === "#" && !inWord) {
      while (i < text.length && text[i] !== "\n") i++;
      continue;
    }
    if (c === "<" && !inWord) {
      finish();
      if (text.startsWith("<<<", i)) {
        redirect = "<<<";
        i += 3;
      } else if (text.startsWith("<<", i)) {
        const match = /^<<-?\s*(['"]?)(\w+)\1/.exec(text.slice(i));
        if (match) {
          pendingHeredoc = match[2];
          i += match[0].length;
        } else i += 2;
      } else {
        redirect = "<";
        i++;
      }
      continue;
    }
    if (c === "\n" || c === ";" || c === "|" || (c === "&" && text[i + 1] === "&")) {
      finish();
      if (c === "\n" && pendingHeredoc) {
        const lines = text.slice(i + 1).split("\n");
        const end = lines.findIndex((line) => line.trim() === pendingHeredoc);
        result.stdin = lines.slice(0, end === -1 ? lines.length : end).map((l) => l + "\n").join(
          "",
        );
      }
      if (words.length > 0) {
        commands.push(result);
        words = [];
        result = { words };
      }
      if (c === "&" || (c === "|" && text[i + 1] === "|")) i++;
      if (c === "\n" && result.stdin === undefined && commands.at(-1)?.stdin !== undefined) {
        // Skip the heredoc body that was just read.
        const terminator = text.indexOf(`\n${pendingHeredoc}`, i);
        i = terminator === -1 ? text.length : text.indexOf("\n", terminator + 1);
        if (i === -1) i = text.length;
        pendingHeredoc = undefined;
      }
      i++;
      continue;
    }
    if (c === ">" && !inWord) {
      // Output redirection: the target word is not part of the command.
      finish();
      i++;
      while (text[i] === ">" || text[i] === "&" || text[i] === " ") i++;
      while (i < text.length && !/[\s;|&]/.test(text[i])) i++;
      continue;
    }
    word += c;
    inWord = true;
    i++;
  }
  finish();
  if (words.length > 0) commands.push(result);
  return commands;
}
