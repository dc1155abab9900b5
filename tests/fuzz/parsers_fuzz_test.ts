/**
 * Thousands of mutated endpoint, environment and flow files through the
 * validator: nothing throws, every error names the file and an existing line,
 * and the exit code is 0, 2 or 5. Then one real `apispec validate` over a
 * folder of them exits 2 or 5 without a stack trace.
 */
import { assert, assertEquals } from "@std/assert";
import { exitCodeFor } from "../../src/engine/issue.ts";
import { type FileKind, validateText } from "../../src/ops/collection/validate.ts";
import { apispec, ROOT } from "../helpers/cli.ts";
import { workspace } from "../helpers/workspace.ts";
import { mutate, random } from "./mutate.ts";

const DEMO = `${ROOT}/fixtures/demo/api-docs`;
const SEEDS: [FileKind, string, string][] = [
  [
    "endpoint",
    "apis/users/get-user-by-id.md",
    await Deno.readTextFile(`${DEMO}/apis/users/get-user-by-id.md`),
  ],
  [
    "endpoint",
    "apis/users/get-list-users.md",
    await Deno.readTextFile(`${DEMO}/apis/users/get-list-users.md`),
  ],
  [
    "endpoint",
    "apis/health/get-health.md",
    await Deno.readTextFile(`${DEMO}/apis/health/get-health.md`),
  ],
  ["env", "_shared/env.template.md", await Deno.readTextFile(`${DEMO}/_shared/env.template.md`)],
  ["flow", "flows/user-onboarding.md", await Deno.readTextFile(`${DEMO}/flows/user-onboarding.md`)],
  ["project", "project.md", await Deno.readTextFile(`${DEMO}/project.md`)],
];
const PER_SEED = Number(Deno.env.get("APISPEC_FUZZ_N") ?? 700);
const BASE_SEED = Number(Deno.env.get("APISPEC_FUZZ_SEED") ?? 20261121);

Deno.test(`validator survives ${SEEDS.length * PER_SEED} mutated files (seed ${BASE_SEED})`, async () => {
  let invalid = 0;
  for (const [index, [kind, name, text]] of SEEDS.entries()) {
    const next = random(BASE_SEED + index);
    for (let n = 0; n < PER_SEED; n++) {
      const mutated = mutate(text, next);
      const file = `fuzz/${name}`;
      let issues;
      try {
        issues = await validateText(mutated, file, kind, {
          absolutePath: `${DEMO}/${name}`,
          collectionRoot: DEMO,
        });
      } catch (error) {
        throw new Error(
          `validateText threw on ${kind} #${n} (seed ${
            BASE_SEED + index
          }): ${error}\n---\n${mutated}`,
        );
      }
      const lineCount = mutated.split(/\r\n|\r|\n/).length;
      for (const issue of issues.filter((i) => i.severity === "error")) {
        const where = `${kind} #${n} (seed ${
          BASE_SEED + index
        }): ${issue.message}\n---\n${mutated}`;
        assertEquals(issue.file, file, where);
        assert(
          Number.isInteger(issue.line) && issue.line! >= 1 && issue.line! <= lineCount + 1,
          `line ${issue.line} of ${lineCount}: ${where}`,
        );
        assert(issue.fix, `no fix: ${where}`);
      }
      const code = exitCodeFor(issues);
      assert([0, 2, 5].includes(code), `exit ${code}: ${kind} #${n}`);
      if (code !== 0) invalid++;
    }
  }
  assert(
    invalid > SEEDS.length * PER_SEED * 0.3,
    `mutations should mostly break files, got ${invalid} invalid`,
  );
});

Deno.test("apispec validate over a folder of mutated files exits 2 or 5, with file and line, never a stack trace", async () => {
  const files: Record<string, string> = {};
  for (const [index, [, name, text]] of SEEDS.entries()) {
    const next = random(BASE_SEED + 100 + index);
    for (let n = 0; n < 40; n++) {
      files[`api-docs/${name.replace(/\.md$/, `-${n}.md`)}`] = mutate(text, next);
    }
  }
  await using ws = await workspace(files);
  const result = await apispec(["validate", "api-docs"], { cwd: ws.dir });
  assert([2, 5].includes(result.code), `exit ${result.code}`);
  assert(/--> api-docs\/[^:\s]+\.md:\d+/.test(result.stderr), "errors name file and line");
  assertEquals(/^\s+at .*\.ts:\d+:\d+/m.test(result.stderr), false, "no stack trace");
  assertEquals(result.stderr.includes("ENGINE_ERROR"), false);
});
