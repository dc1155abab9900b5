/**
 * How long one Tab takes with the generated completion scripts: the bash
 * function called in a loop inside one bash process, and fish's
 * `complete -C` likewise. Target: under 50 ms per completion, well below the
 * ~100 ms at which people notice a pause after Tab; each shell is skipped when
 * it is not installed.
 */
import { completionScript } from "../src/cli/completion/generate.ts";

const CALLS = 300;
const TARGET_MS = 50;

function installed(program: string): boolean {
  return new Deno.Command("sh", { args: ["-c", `command -v ${program}`], stdout: "null" })
    .outputSync().success;
}

async function time(program: string, args: string[]): Promise<number> {
  const started = performance.now();
  const output = await new Deno.Command(program, { args, stdout: "null", stderr: "piped" })
    .output();
  if (!output.success) throw new Error(new TextDecoder().decode(output.stderr));
  return performance.now() - started;
}

const dir = await Deno.makeTempDir({ prefix: "apispec-bench-" });
const results: { shell: string; perCall: number }[] = [];
try {
  for (const shell of ["bash", "fish"] as const) {
    if (!installed(shell)) {
      console.log(`${shell}: not installed, skipped`);
      continue;
    }
    const file = `${dir}/apispec.${shell}`;
    await Deno.writeTextFile(file, completionScript(shell));
    const bash = (body: string) => [
      "-c",
      `source ${file}; COMP_WORDS=(apispec exec --output = ''); COMP_CWORD=4; ${body}`,
    ];
    const fish = (body: string) => ["-c", `source ${file}; ${body}`];
    const loop = shell === "bash"
      ? (n: number) => bash(`for ((i = 0; i < ${n}; i++)); do _apispec; done`)
      : (n: number) =>
        fish(`for i in (seq ${n}); complete -C 'apispec exec --output=' >/dev/null; end`);
    // The difference between N calls and one call removes the shell's start-up time.
    const one = await time(shell, loop(1));
    const many = await time(shell, loop(CALLS + 1));
    results.push({ shell, perCall: (many - one) / CALLS });
  }
} finally {
  await Deno.remove(dir, { recursive: true });
}
for (const { shell, perCall } of results) {
  const verdict = perCall < TARGET_MS ? "meets" : "MISSES";
  console.log(
    `${shell}: ${perCall.toFixed(2)} ms per completion of \`apispec exec --output=\` ` +
      `(${CALLS} calls; target < ${TARGET_MS} ms: ${verdict})`,
  );
}
