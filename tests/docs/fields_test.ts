/**
 * The field tables a reader writes files from list exactly the keys validate
 * knows: README's endpoint frontmatter table and `project.md` block, and
 * docs/flows.md's flow frontmatter and step-line tables (README names each
 * step line too). The known keys come from validate itself, through the real
 * CLI: an unknown key's warning lists them.
 */
import { assertEquals } from "@std/assert";
import { apispec, json, ROOT } from "../helpers/cli.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { markdownSection as section } from "../helpers/doc_examples.ts";
import { CAPTURE_EXPRESSION } from "../../src/engine/parse/flow_lines.ts";

/** The first column of a table's rows, backticks removed (`| \`retry.attempts\` |`). */
function firstColumn(text: string): string[] {
  return [...text.matchAll(/^\| `([^`]+)`/gm)].map((m) => m[1]);
}

const sorted = (keys: Iterable<string>) => [...new Set(keys)].sort();

/** Validate's list of known keys, read from the warning about an unknown one. */
function knownKeys(issues: { file: string; message: string; fix: string }[], file: string) {
  const warning = issues.find((i) => i.file === file && i.message.includes('"zzq"'));
  if (!warning) throw new Error(`no unknown-key warning for ${file}: ${JSON.stringify(issues)}`);
  return warning.fix.replace(/^.*?(known keys are|Step properties are) /, "").split(", ");
}

Deno.test("README's and docs/flows.md's field tables list exactly the keys validate knows", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "project.md": "---\nname: t\nversion: 1\nzzq: 1\n---\n",
    "apis/users/get-user.md": endpoint({ frontmatter: "zzq: 1\n" }),
    "flows/f.md": "---\ntype: pipeline\nzzq: 1\n---\n# F\n\n## Steps\n\n" +
      "1. **A** -> `apis/users/get-user.md`\n   - Zzq: 1\n",
  }));
  const result = await apispec(["validate", "api-docs", "--output=json", "--no-cache"], {
    cwd: ws.dir,
  });
  const { issues } = json<{ issues: { file: string; message: string; fix: string }[] }>(result);
  const readme = await Deno.readTextFile(`${ROOT}/README.md`);
  const flows = await Deno.readTextFile(`${ROOT}/docs/flows.md`);

  const endpointTable = firstColumn(section(readme, "### Frontmatter")).map((k) => k.split(".")[0]);
  assertEquals(sorted(endpointTable), sorted(knownKeys(issues, "api-docs/apis/users/get-user.md")));

  const projectBlock = /```yaml[^\n]*\n---\n([\s\S]*?)\n---\n```/.exec(
    section(readme, "### Project config (`project.md`)"),
  )![1];
  const projectKeys = [...projectBlock.matchAll(/^([\w-]+):/gm)].map((m) => m[1]);
  assertEquals(sorted(projectKeys), sorted(knownKeys(issues, "api-docs/project.md")));

  const flowTable = firstColumn(flows).filter((k) => /^[a-z-]+$/.test(k) && !k.includes("_"));
  const flowKeys = knownKeys(issues, "api-docs/flows/f.md");
  assertEquals(sorted(flowTable.filter((k) => flowKeys.includes(k))), sorted(flowKeys));

  const stepKeys = issues.find((i) => i.message.includes('"Zzq"'))!.fix
    .replace(/^Step properties are /, "").split(", ");
  const stepTable = firstColumn(flows).map((k) => /^([A-Z][a-z]+(?: each)?):/.exec(k)?.[1])
    .filter((k): k is string => k !== undefined);
  assertEquals(sorted(stepTable), sorted(stepKeys));
  const readmeFlows = section(readme, "## Flows, diagnosis and history");
  assertEquals(stepKeys.filter((key) => !readmeFlows.includes(`${key}:`)), []);
});

Deno.test("every capture expression docs/flows.md shows is one the flow parser takes", async () => {
  const flows = await Deno.readTextFile(`${ROOT}/docs/flows.md`);
  const table = flows.slice(flows.indexOf("Capture expressions:"));
  const shown = [...table.slice(0, table.indexOf("\n\n", 30)).matchAll(/`(response\.[^`]+)`/g)]
    .map((m) => m[1].replace(/<n>/g, "0").replace(/<[a-z]+>/g, "id"));
  assertEquals(shown.length >= 10, true, shown.join());
  assertEquals(shown.filter((expression) => !CAPTURE_EXPRESSION.test(expression)), []);
});
