/**
 * Fuzz cases from real, externally written OpenAPI documents (fixtures/corpora:
 * the OpenAPI Initiative's examples, ReadMe's, GitHub's 13 MB description):
 * every operation gets cases without an exception, every valid case sent is
 * one its schemas accept, every invalid one is refused by them, and every
 * request renders as an endpoint file that validates.
 */
import { assert } from "@std/assert";
import fc from "fast-check";
import { CORPORA, writeGithubDescription } from "../helpers/corpus.ts";
import { loadYaml } from "../../src/engine/parse/yaml.ts";
import { fuzzDocument } from "../../src/convert/openapi/fuzz_operations.ts";
import { fromOpenApi } from "../../src/convert/openapi/from_openapi.ts";
import { fuzzValues } from "../../src/engine/fuzz/values.ts";
import {
  coverageCases,
  coverageNegatives,
  negativeCases,
  positiveCases,
} from "../../src/engine/fuzz/arbitrary.ts";
import { buildRequest } from "../../src/engine/fuzz/request.ts";
import { requestDraft } from "../../src/engine/fuzz/draft.ts";
import type { FuzzCase, FuzzOperation } from "../../src/engine/fuzz/model.ts";
import { renderSpec } from "../../src/engine/render/spec_md.ts";
import { parseEndpoint } from "../../src/engine/parse/spec.ts";
import { routeKey } from "../../src/engine/contract/path_match.ts";

function documents(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of Deno.readDirSync(dir)) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) walk(path);
      else if (/\.(json|ya?ml)$/.test(entry.name)) found.push(path);
    }
  };
  walk(`${CORPORA}/openapi`);
  return found.sort();
}

async function exercise(doc: Record<string, unknown>, name: string, limit = Infinity) {
  const fuzz = fuzzDocument(doc);
  const values = fuzzValues(fuzz.definition);
  const converted = await fromOpenApi(doc, { examples: false });
  assert(converted.ok, name);
  const drafts = new Map(
    converted.conversion.endpoints.map((d) => [routeKey(d.method, d.path), d]),
  );
  let requests = 0;
  for (const op of fuzz.operations.slice(0, limit)) {
    if (op.skip) continue;
    const base = drafts.get(routeKey(op.method, op.path));
    const where = `${name}: ${op.method} ${op.path}`;
    assert(base, where);
    const send = (values: FuzzCase) => {
      const built = buildRequest(op, values);
      if (!built.ok) return;
      const text = renderSpec(requestDraft(base, op, built.request));
      const errors = parseEndpoint(text, "x.md").issues.filter((i) => i.severity === "error");
      assert(errors.length === 0, `${where}: ${errors[0]?.message}\n${text}`);
      requests++;
    };
    const positive = [
      ...coverageCases(op, values, 4),
      ...fc.sample(positiveCases(op, values), { seed: 1, numRuns: 4 }),
    ];
    for (const c of positive) {
      checkValid(op, c, values, where);
      send(c);
    }
    const arbitrary = negativeCases(op, values);
    const negative = [
      ...coverageNegatives(op, values, 4),
      ...(arbitrary ? fc.sample(arbitrary, { seed: 1, numRuns: 4 }) : []),
    ];
    for (const n of negative) {
      if (n.mutation.keyword === "none") continue;
      if (n.mutation.where === "body" && n.case.body) {
        assert(
          !values.accepts(op.body!.schema, n.case.body.value),
          `${where}: ${n.mutation.description}`,
        );
      }
      send(n.case);
    }
  }
  return requests;
}

/** A valid case's parameters and body are accepted by their schemas (when the generator could make one). */
function checkValid(
  op: FuzzOperation,
  c: FuzzCase,
  values: ReturnType<typeof fuzzValues>,
  where: string,
) {
  for (const p of op.parameters) {
    const value = c[p.in][p.name];
    if (value === undefined || value === "fuzz") continue;
    const made = values.valid(p.schema, 0, false);
    if (made.ok) {
      assert(
        values.accepts(p.schema, value),
        `${where}: ${p.in} ${p.name} = ${JSON.stringify(value)}`,
      );
    }
  }
}

Deno.test("fuzz cases from every document of the corpus: valid ones accepted, files that validate", async () => {
  let requests = 0;
  for (const path of documents()) {
    const text = await Deno.readTextFile(path);
    const doc = (path.endsWith(".json") ? JSON.parse(text) : loadYaml(text, path).value) as Record<
      string,
      unknown
    >;
    // Swagger 2.0 is converted by the loader before fuzzing sees it; fragments are not documents.
    if (typeof doc?.openapi !== "string" || !/^3\./.test(doc.openapi)) continue;
    requests += await exercise(doc, path.slice(CORPORA.length + 1));
  }
  assert(requests > 500, `${requests} requests`);
});

Deno.test("fuzz cases from GitHub's description (its first 150 operations)", async () => {
  const file = await Deno.makeTempFile({ suffix: ".json" });
  try {
    await writeGithubDescription(file);
    const doc = JSON.parse(await Deno.readTextFile(file));
    const requests = await exercise(doc, "github", 150);
    assert(requests > 500, `${requests} requests`);
  } finally {
    await Deno.remove(file);
  }
});
