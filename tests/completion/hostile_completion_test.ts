/**
 * Completion scripts are built by construction: a command table whose
 * summaries, descriptions, flag names, enum values, argument names, group
 * words and version carry the hostile strings of
 * tests/helpers/hostile_strings.ts is written for each shell, and the real
 * shell sources it and completes every value. A payload that ran would
 * create the canary file; the values offered must be the strings themselves.
 */
import { assert, assertEquals } from "@std/assert";
import { join } from "node:path";
import type { CommandDef } from "../../src/cli/commands.ts";
import { completionModel } from "../../src/cli/completion/model.ts";
import { bashScript } from "../../src/cli/completion/bash.ts";
import { zshScript } from "../../src/cli/completion/zsh.ts";
import { fishScript } from "../../src/cli/completion/fish.ts";
import { elvishScript } from "../../src/cli/completion/elvish.ts";
import { powershellScript } from "../../src/cli/completion/powershell.ts";
import { run } from "../helpers/run.ts";
import { workspace } from "../helpers/workspace.ts";
import { HOSTILE, SHELL_CANARY } from "../helpers/hostile_strings.ts";
import { onPath } from "../helpers/tools.ts";

const HERE = new URL(".", import.meta.url).pathname;
/** Shell strings cannot hold NUL; the generators drop it. */
const TEXTS = HOSTILE.map((h) => h.text.replaceAll("\0", ""));
/** A value as it comes back through UTF-8: a lone surrogate is U+FFFD. */
const wire = (text: string) =>
  new TextDecoder("utf-8", { ignoreBOM: true }).decode(new TextEncoder().encode(text));
const VERSION = TEXTS.join(" ");
const word = (text: string) => text.replace(/\s/g, "_");

const COMMANDS: CommandDef[] = [
  ...TEXTS.map((text, i) => ({
    name: `c${i}`,
    summary: text,
    args: [{ name: text, required: false, values: [text, "safe"] }],
    flags: [
      { name: `f${i}`, type: "enum" as const, values: [text, "safe"], description: text },
      { name: word(text), type: "boolean" as const, description: text },
    ],
  })),
  {
    name: "all",
    summary: "every value",
    args: [{ name: "value", required: false, values: TEXTS }],
    flags: [{ name: "all", type: "enum" as const, values: TEXTS, description: "every value" }],
  },
  ...TEXTS.map((text) => ({ name: `grp ${word(text)}`, summary: text, args: [], flags: [] })),
];
const MODEL = completionModel(COMMANDS, []);

/** Runs a shell with the canary's path in its environment; the canary must not exist after. */
async function shell(program: string, args: string[], dir: string): Promise<string> {
  const canary = join(dir, "canary");
  const env = {
    HOME: dir,
    PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
    TERM: "xterm",
    [SHELL_CANARY]: canary,
  };
  const result = await run(program, args, { cwd: dir, env, timeoutMs: 60_000 });
  assertEquals(result.code, 0, `${program}: ${result.stderr}`);
  assert(!(await Deno.stat(canary).catch(() => null)), `${program} ran a payload`);
  return result.stdout;
}

/** Candidates printed one per record (0x1e), as the shells print them below. */
const records = (out: string) => out.split("\x1e").slice(0, -1);

Deno.test({
  name: "bash sources a hostile completion script and offers each value as written",
  ignore: !onPath("bash"),
  fn: async () => {
    await using ws = await workspace({ "apispec.bash": bashScript(MODEL, VERSION) });
    const complete = (words: string[]) =>
      `COMP_WORDS=(${words.join(" ")}); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); _apispec; ` +
      `printf '%s\\x1e' "\${COMPREPLY[@]}"; printf '\\x1d'`;
    const lines = [
      "source ./apispec.bash",
      ...TEXTS.flatMap((_, i) => [
        complete(["apispec", `c${i}`, `--f${i}`, "''"]),
        complete(["apispec", `c${i}`, "''"]),
      ]),
      complete(["apispec", "grp", "''"]),
    ];
    const out = (await shell("bash", ["-c", lines.join("\n")], ws.dir)).split("\x1d");
    TEXTS.forEach((text, i) => {
      assertEquals(records(out[2 * i]), [wire(text), "safe"], `flag value ${i}`);
      assertEquals(records(out[2 * i + 1]), [wire(text), "safe"], `argument ${i}`);
    });
    assertEquals(records(out[2 * TEXTS.length]), TEXTS.map((t) => wire(word(t))));
  },
});

Deno.test({
  name: "zsh loads a hostile completion script in compsys and completes every value",
  ignore: !onPath("zsh"),
  fn: async () => {
    await using ws = await workspace({ "_apispec": zshScript(MODEL, VERSION) });
    const capture = (line: string) =>
      shell("zsh", [join(HERE, "zsh_capture.zsh"), ws.path("_apispec"), line], ws.dir);
    // zsh prints each match as it would insert it, special characters backslash-quoted.
    const unquote = (match: string) => match.replace(/\\(.)/gs, "$1");
    const values = (await capture("apispec all --all=")).split("\n").filter(Boolean).map(unquote);
    for (const text of TEXTS.filter((t) => /^[\x20-\x7e]+$/.test(t))) {
      assert(values.includes(`--all=${text}`), text.slice(0, 60));
    }
    const args = (await capture("apispec all ")).split("\n").filter(Boolean).map(unquote);
    for (const text of TEXTS.filter((t) => /^[\x20-\x7e]+$/.test(t))) {
      assert(args.includes(text), text.slice(0, 60));
    }
    const groups = (await capture("apispec grp ")).split("\n").filter(Boolean).map(unquote);
    assert(groups.includes("yes") && groups.includes("*anchor"), JSON.stringify(groups));
  },
});

Deno.test({
  name: "fish sources a hostile completion script and offers each value as written",
  ignore: !onPath("fish"),
  fn: async () => {
    await using ws = await workspace({ "apispec.fish": fishScript(MODEL, VERSION) });
    const complete = (line: string) =>
      `for c in (complete -C ${
        fishQuote(line)
      }); printf '%s\\x1e' (string split -m1 \\t -- $c)[1]; end; printf '\\x1d'`;
    const lines = [
      "source apispec.fish",
      complete("apispec all --all "),
      complete("apispec all "),
      complete("apispec grp "),
      complete("apispec "),
    ];
    const out = (await shell("fish", ["-c", lines.join("\n")], ws.dir)).split("\x1d");
    // fish offers one candidate per line: a value holding a line break cannot be one.
    const single = TEXTS.filter((t) => !/[\n\r]/.test(t) && t.trim() === t && t !== "");
    const offered = new Set([...records(out[0]), ...records(out[1])]);
    for (const text of single) assert(offered.has(wire(text)), text.slice(0, 60));
    assert(records(out[3]).includes("c0"));
  },
});

/** A fish single-quoted word. */
function fishQuote(text: string): string {
  return `'${text.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
}

Deno.test({
  name: "elvish evaluates a hostile completion script and offers each value as written",
  ignore: !onPath("elvish"),
  fn: async () => {
    // `edit:` exists only in an interactive elvish: bind the completer to a variable instead.
    const text = elvishScript(MODEL, VERSION).replace(
      "set edit:completion:arg-completer['apispec'] =",
      "var completer =",
    );
    assert(text.includes("var completer ="));
    await using ws = await workspace({
      "complete.elv": `${text}
$completer apispec all --all '' | each {|v| print $v"\x1e" }
print "\x1d"
$completer apispec c0 '' | each {|v| print $v"\x1e" }`,
    });
    const out = (await shell("elvish", ["-norc", "complete.elv"], ws.dir)).split("\x1d");
    assertEquals(records(out[0]), TEXTS.map(wire));
    assertEquals(records(out[1]), [TEXTS[0], "safe"]);
  },
});

Deno.test("powershell script: every value is a single-quoted string with every quote doubled", () => {
  const text = powershellScript(MODEL, VERSION);
  for (const value of TEXTS) {
    assert(text.includes(`'${value.replace(/['\u2018-\u201b]/g, "$&$&")}'`), value.slice(0, 60));
  }
  // The version is comment text: it never leaves its line.
  assertEquals(text.split("\n")[0].startsWith("# PowerShell completion"), true);
  assert(!text.split("\n")[0].includes("\r"));
});
