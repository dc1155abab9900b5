/**
 * The quick pass before ajv (src/engine/contract/quick_check.ts) changes
 * nothing but time: over every OpenAPI 3.x document of the corpus and
 * Discord's description, each body schema checked with the documents' own
 * examples, generated values (deterministic and seeded, and the neighbours of
 * the first: a property left out, null, a string) and broken ones gives
 * the same errors with the pass and without it (ajv alone), and the same
 * schemas are named as flawed.
 */
import { assert, assertEquals } from "@std/assert";
import { CORPORA } from "../helpers/corpus.ts";
import { loadOpenApi } from "../../src/ops/import/import_sources.ts";
import { SchemaConverter } from "../../src/convert/openapi/schema.ts";
import { runnableOperations } from "../../src/convert/openapi/contract.ts";
import { deref } from "../../src/convert/openapi/refs.ts";
import { isRecord } from "../../src/convert/data.ts";
import { DEFINITIONS_PREFIX } from "../../src/engine/contract/schema_ids.ts";
import { SharedSchemaValidator } from "../../src/engine/contract/validator.ts";
import { ExampleGenerator } from "../../src/engine/examples/mod.ts";
import { invalidValue } from "../../src/engine/examples/invalid.ts";

const OPENAPI = `${CORPORA}/openapi`;

async function documents(dir: string): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory && entry.name !== "large") found.push(...await documents(path));
    else if (/\.(json|ya?ml)$/.test(entry.name)) found.push(path);
  }
  return found.sort();
}

async function gunzip(path: string): Promise<string> {
  const file = await Deno.open(path);
  return await new Response(file.readable.pipeThrough(new DecompressionStream("gzip"))).text();
}

type Obj = Record<string, unknown>;

/** Every body of a document with a schema: its media object and the direction it travels. */
function* bodies(doc: Obj): Generator<[Obj, "request" | "response"]> {
  for (const [, , , operation] of runnableOperations(doc)) {
    const content = (message: unknown) => {
      const found = deref(doc, message)?.content;
      return isRecord(found) ? Object.values(found).filter(isRecord) : [];
    };
    for (const media of content(operation.requestBody)) yield [media, "request"];
    const responses = isRecord(operation.responses) ? Object.values(operation.responses) : [];
    for (const response of responses) {
      for (const media of content(response)) yield [media, "response"];
    }
  }
}

function documentExamples(doc: Obj, media: Obj): unknown[] {
  const named = isRecord(media.examples)
    ? Object.values(media.examples).map((example) => deref(doc, example)?.value)
    : [];
  return [media.example, ...named].filter((value) => value !== undefined);
}

/** A value's neighbours: each of its first properties left out, made null, made a string. */
function variants(value: unknown): unknown[] {
  if (!isRecord(value)) return [];
  return Object.keys(value).slice(0, 4).flatMap((key) => {
    const { [key]: _, ...without } = value;
    return [without, { ...value, [key]: null }, { ...value, [key]: "x" }];
  });
}

/**
 * Checks every body of `doc` both ways; returns how many values were compared.
 * `neighbours`: each generated value's variants too (the large document: not, for time).
 */
function compare(doc: Obj, name: string, neighbours = true): number {
  const converter = new SchemaConverter(doc, String(doc.openapi), DEFINITIONS_PREFIX);
  const definition = (ref: string) => converter.definition(ref);
  const quick = new SharedSchemaValidator(definition);
  const alone = new SharedSchemaValidator(definition, { quick: false });
  // The generator has a validator of its own, so both above see the same calls in the same order.
  const generator = new ExampleGenerator({ prefix: DEFINITIONS_PREFIX, definition });
  let compared = 0;
  for (const [media, direction] of bodies(doc)) {
    if (media.schema === undefined) continue;
    const root = converter.shared(media.schema);
    const values = [...documentExamples(doc, media)];
    for (const seed of [undefined, 1]) {
      const made = generator.example(root, { mode: direction, seed });
      if (made.value !== undefined) values.push(made.value);
      if (seed === undefined && neighbours) values.push(...variants(made.value));
    }
    for (const seed of [1]) {
      const broken = invalidValue(generator, root, { mode: direction, seed });
      if (broken) values.push(broken.value);
    }
    for (const value of values) {
      for (const mode of ["request", "response"] as const) {
        const where = `${name}: ${JSON.stringify(value).slice(0, 200)}`;
        assertEquals(quick.errors(root, value, mode), alone.errors(root, value, mode), where);
        assertEquals(quick.flaws().length, alone.flaws().length, where);
        compared++;
      }
    }
  }
  assertEquals(quick.flaws(), alone.flaws(), name);
  return compared;
}

Deno.test("the quick pass gives ajv's errors for every body of the corpus's OpenAPI 3 documents and Discord's", async () => {
  let documentsCompared = 0;
  let values = 0;
  for (const file of await documents(OPENAPI)) {
    const loaded = await loadOpenApi(file, await Deno.readTextFile(file));
    if (!loaded.ok || !isRecord(loaded.doc) || typeof loaded.doc.openapi !== "string") continue;
    values += compare(loaded.doc, file.slice(OPENAPI.length + 1));
    documentsCompared++;
  }
  const discord = `${OPENAPI}/large/discord-openapi.json.gz`;
  values += compare(JSON.parse(await gunzip(discord)), "discord-openapi.json", false);
  assert(documentsCompared >= 100, `${documentsCompared} documents`);
  assert(values >= 15000, `${values} values`);
  console.log(`  ${documentsCompared + 1} documents, ${values} checks: the same errors and flaws`);
});
