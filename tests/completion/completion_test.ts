/**
 * Each completion script, printed by the real CLI, sourced in its real shell:
 * bash (with and without bash-completion), zsh (its completion system in a
 * pseudo-terminal), fish and elvish. A shell that is not installed is skipped;
 * `.ci/run` installs them all from Debian.
 */
import { assert, assertEquals } from "@std/assert";
import { join } from "node:path";
import { apispec } from "../helpers/cli.ts";
import { run } from "../helpers/run.ts";
import { workspace } from "../helpers/workspace.ts";
import { completionModel } from "../../src/cli/completion/model.ts";
import { bashScript } from "../../src/cli/completion/bash.ts";
import { COMMANDS } from "../../src/cli/commands.ts";
import { onPath } from "../helpers/tools.ts";

const HERE = new URL(".", import.meta.url).pathname;
const BASH_COMPLETION = "/usr/share/bash-completion/bash_completion";

/** Runs a shell in `cwd` (also its HOME) and returns its stdout; it must succeed. */
async function shell(program: string, args: string[], cwd: string): Promise<string> {
  const env = { HOME: cwd, PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", TERM: "xterm" };
  const result = await run(program, args, { cwd, env, timeoutMs: 30_000 });
  assert(result.code === 0, `${program} failed: ${result.stderr}`);
  return result.stdout;
}

async function script(shell: string): Promise<string> {
  const result = await apispec(["completion", shell]);
  assertEquals(result.code, 0, result.stderr);
  return result.stdout;
}

/** bash: COMP_WORDS as readline splits them (`=` is a word break). */
async function bashComplete(
  file: string,
  words: string[],
  cwd: string,
  withBashCompletion: boolean,
) {
  const quoted = words.map((w) => `'${w}'`).join(" ");
  const code = `${withBashCompletion ? `source ${BASH_COMPLETION}` : ""}
source '${file}'
COMP_WORDS=(${quoted}); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1))
COMP_LINE="\${COMP_WORDS[*]}"; COMP_POINT=\${#COMP_LINE}
_apispec
printf '%s\\n' "\${COMPREPLY[@]}"`;
  return (await shell("bash", ["-c", code], cwd)).split("\n").filter(Boolean);
}

const cases: { line: string; bash: string[]; expect: string[] }[] = [
  { line: "apispec ex", bash: ["apispec", "ex"], expect: ["exec"] },
  { line: "apispec exec --out", bash: ["apispec", "exec", "--out"], expect: ["--output"] },
  {
    line: "apispec exec --output=",
    bash: ["apispec", "exec", "--output", "=", ""],
    expect: ["console", "junit", "json", "markdown"],
  },
  {
    line: "apispec exec x.md --var a=b --v",
    bash: ["apispec", "exec", "x.md", "--var", "a", "=", "b", "--v"],
    expect: ["--var", "--verbose"],
  },
  {
    line: "apispec skills ",
    bash: ["apispec", "skills", ""],
    expect: ["install", "list", "uninstall"],
  },
  {
    line: "apispec validate api-docs/apis/us",
    bash: ["apispec", "validate", "api-docs/apis/us"],
    expect: ["users"],
  },
];

/** Each expected candidate must be offered (zsh and fish repeat the flag before `=` values). */
function assertOffers(candidates: string[], expected: string[], context: string) {
  for (const word of expected) {
    assert(
      candidates.some((c) =>
        c === word || c.endsWith(`=${word}`) || c.replace(/\/$/, "").endsWith(word)
      ),
      `${context}: expected "${word}" among ${JSON.stringify(candidates)}`,
    );
  }
}

async function completionWorkspace() {
  return await workspace({ "api-docs/apis/users/get-user.md": "# x\n" });
}

for (const withBashCompletion of [true, false]) {
  const label = withBashCompletion ? "with bash-completion" : "without bash-completion";
  Deno.test({
    name: `bash completion (${label}) offers commands, flags, enum values and files`,
    ignore: !onPath("bash") ||
      (withBashCompletion && !(await Deno.stat(BASH_COMPLETION).catch(() => null))),
    fn: async () => {
      await using ws = await completionWorkspace();
      await ws.write("apispec.bash", await script("bash"));
      for (const c of cases) {
        const got = await bashComplete(ws.path("apispec.bash"), c.bash, ws.dir, withBashCompletion);
        assertOffers(got, c.expect, c.line);
      }
      const flags = await bashComplete(
        ws.path("apispec.bash"),
        ["apispec", "exec", "--out"],
        ws.dir,
        withBashCompletion,
      );
      assertEquals(flags, ["--output"]);
    },
  });
}

Deno.test({
  name: "zsh completion offers commands, flags, enum values and files through compsys",
  ignore: !onPath("zsh"),
  fn: async () => {
    await using ws = await completionWorkspace();
    await ws.write("_apispec", await script("zsh"));
    for (const c of cases) {
      const got = await shell(
        "zsh",
        [join(HERE, "zsh_capture.zsh"), ws.path("_apispec"), c.line],
        ws.dir,
      );
      assertOffers(got.split("\n").filter(Boolean), c.expect, c.line);
    }
  },
});

Deno.test({
  name: "fish completion offers commands, flags, enum values and files",
  ignore: !onPath("fish"),
  fn: async () => {
    await using ws = await completionWorkspace();
    await ws.write("apispec.fish", await script("fish"));
    for (const c of cases) {
      const got = await shell(
        "fish",
        ["-c", `source apispec.fish; complete -C '${c.line}'`],
        ws.dir,
      );
      assertOffers(got.split("\n").filter(Boolean).map((l) => l.split("\t")[0]), c.expect, c.line);
    }
  },
});

Deno.test({
  name: "elvish completion offers commands, flags and enum values",
  ignore: !onPath("elvish"),
  fn: async () => {
    await using ws = await completionWorkspace();
    // `edit:` exists only in an interactive elvish: bind the completer to a variable instead.
    const text = (await script("elvish")).replace(
      "set edit:completion:arg-completer['apispec'] =",
      "var completer =",
    );
    for (const c of cases.filter((c) => !c.line.includes("api-docs"))) {
      const words = c.line.split(" ").map((w) => `'${w}'`).join(" ");
      const got = await shell("elvish", ["-norc", "-c", `${text}\n$completer ${words}`], ws.dir);
      assertOffers(
        got.split("\n").map((l) => l.replace(/^▶ /, "").replace(/^'|'$/g, "")),
        c.expect,
        c.line,
      );
    }
  },
});

Deno.test("powershell completion script carries every command, group and enum value", async () => {
  const text = await script("powershell");
  assert(text.includes("Register-ArgumentCompleter -Native -CommandName 'apispec'"));
  for (const command of COMMANDS) {
    assert(text.includes(`'${command.name}' = @(`), `missing flags of ${command.name}`);
  }
  assert(text.includes("'exec --output' = @('console', 'junit', 'json', 'markdown')"));
  assert(text.includes("'skills' = @('install', 'list', 'uninstall')"));
});

Deno.test({
  name: "a command added to the table completes with no other change (bash)",
  ignore: !onPath("bash"),
  fn: async () => {
    await using ws = await completionWorkspace();
    const extra = {
      name: "import openapi",
      summary: "Import OpenAPI",
      args: [{ name: "file", required: true, complete: "file" as const }],
      flags: [{ name: "style", type: "enum" as const, values: ["a", "b"], description: "Style" }],
      load: () => Promise.reject(new Error("not loaded in this test")),
    };
    await ws.write("apispec.bash", bashScript(completionModel([...COMMANDS, extra]), "test"));
    const file = ws.path("apispec.bash");
    assertOffers(await bashComplete(file, ["apispec", "imp"], ws.dir, false), ["import"], "imp");
    assertOffers(
      await bashComplete(file, ["apispec", "import", ""], ws.dir, false),
      ["openapi"],
      "import",
    );
    assertEquals(
      await bashComplete(file, ["apispec", "import", "openapi", "--style", "=", ""], ws.dir, false),
      ["a", "b"],
    );
  },
});
