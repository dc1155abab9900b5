/**
 * OpenAPI and Arazzo exports are written by a YAML serializer: the hostile
 * strings of tests/helpers/hostile_strings.ts, as endpoint titles, request
 * bodies, header values, response reasons and flow step names, come back
 * as the same strings when the documents are read, by the YAML 1.2 reader
 * apispec uses and by PyYAML (YAML 1.1, where `yes` and `0o17` are not
 * strings) when it is installed. Anchors, tags, `key: value` and line
 * breaks in a value stay text.
 */
import { assert, assertEquals } from "@std/assert";
// @ts-types="@types/js-yaml"
import yaml from "js-yaml";
import { apispec } from "../helpers/cli.ts";
import { HOSTILE } from "../helpers/hostile_strings.ts";
import { run } from "../helpers/run.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { flowFile } from "../flow/helpers.ts";

/** What a markdown heading or a flow step line can hold: one line, no NUL, no placeholder. */
function oneLine(text: string): boolean {
  return !/[\r\n\0]/.test(text) && !text.includes("{{") && text.trim() !== "" && text.length < 1000;
}

/**
 * What a flow step's name can hold besides: not the `**` around it, nor the
 * `->` after it; the flow parser also ends a step line at U+2028 and U+2029
 * (a parser matter, left to the parser fuzzing).
 */
function stepName(text: string): boolean {
  return oneLine(text) && !/\*\*|->|[\u2028\u2029]/.test(text);
}

/** What a request body can hold: not an apispec placeholder, a fence line, or a CR (files are read by lines). */
function bodyText(text: string): boolean {
  return !/[\r\0]/.test(text) && !text.includes("{{") && !/^`{3,}\s*$/m.test(text);
}

/** Every string scalar of a parsed document. */
function strings(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === "string") into.add(value);
  else if (Array.isArray(value)) value.forEach((v) => strings(v, into));
  else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      strings(v, into);
    }
  }
  return into;
}

const PATH = { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin" };
const python = await run("python3", ["-c", "import yaml"], { env: PATH, timeoutMs: 10_000 })
  .then((r) => r.code === 0)
  .catch(() => false);
if (!python) {
  console.warn("hostile_yaml_test: PyYAML is not installed, YAML 1.1 reading is skipped");
}

/** PyYAML's reading of a document, as JSON (only strings, numbers, lists and maps expected). */
async function readWithPyYaml(dir: string, file: string): Promise<unknown> {
  const code = "import json, sys, yaml\n" +
    "print(json.dumps(yaml.safe_load(open(sys.argv[1], encoding='utf-8')), default=repr))";
  const result = await run("python3", ["-c", code, file], {
    cwd: dir,
    env: PATH,
    timeoutMs: 30_000,
  });
  assertEquals(result.code, 0, result.stderr);
  return JSON.parse(result.stdout);
}

Deno.test("export openapi and arazzo: hostile titles, bodies and step names read back as the same strings", async () => {
  const titled = HOSTILE.filter((h) => oneLine(h.text));
  const steps = HOSTILE.filter((h) => stepName(h.text));
  const files: Record<string, string> = {};
  HOSTILE.forEach((h, i) => {
    const header = /^[\x21-\x7e][\x20-\x7e]*$/.test(h.text) && !h.text.includes("{{")
      ? h.text
      : "x";
    files[`apis/h/post-h${i}.md`] = endpoint({
      method: "POST",
      path: `/h/${i}`,
      resource: "h",
      title: oneLine(h.text) ? h.text : `Case ${i}`,
      request: `POST {{baseUrl}}/h/${i}\nContent-Type: text/plain\nX-Hostile: ${header}\n\n${
        bodyText(h.text) ? h.text : "x"
      }`,
      expected: `HTTP/1.1 200 OK\nContent-Type: text/plain\n\n${bodyText(h.text) ? h.text : "x"}`,
    });
  });
  files["flows/hostile.md"] = flowFile(
    steps.map((h) => ({ name: h.text, endpoint: `apis/h/post-h${HOSTILE.indexOf(h)}.md` })),
    { title: steps[0].text },
  );
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", files));

  const openapi = await apispec(["export", "openapi", "--out", "openapi.yaml"], { cwd: ws.dir });
  assertEquals(openapi.code, 0, openapi.stderr);
  const arazzo = await apispec(
    ["export", "arazzo", "api-docs/flows/hostile.md", "--out", "flow.arazzo.yaml"],
    { cwd: ws.dir },
  );
  assertEquals(arazzo.code, 0, arazzo.stderr);

  for (const file of ["openapi.yaml", "flow.arazzo.yaml"]) {
    const text = await ws.read(file);
    const readers: [string, unknown][] = [["js-yaml", yaml.load(text)]];
    if (python) readers.push(["PyYAML", await readWithPyYaml(ws.dir, file)]);
    for (const [reader, document] of readers) {
      const found = strings(document);
      const wanted = file === "openapi.yaml"
        ? [
          ...titled.map((h) => h.text.trim()),
          ...HOSTILE.filter((h) => bodyText(h.text)).map((h) => h.text),
        ]
        : steps.map((h) => h.text.trim());
      // Lone surrogates cannot be written as UTF-8: they read back as U+FFFD, or escaped as such.
      const missing = wanted.filter((t) =>
        !found.has(t) && !found.has(t.replace(/[\ud800-\udfff]/g, "\ufffd"))
      );
      assertEquals(missing, [], `${reader} reading ${file}`);
    }
  }
  assert((await ws.read("openapi.yaml")).length > 100_000, "the very long string is there whole");
});
