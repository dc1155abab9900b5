/**
 * Flawed documents: an example that contradicts its schema is replaced by a
 * generated one with a warning naming the operation, status and path; a
 * flawed schema (duplicate `required` names, an unknown format, a broken
 * `$ref`) is a warning naming it, and import, drift and coverage go on.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { workspace } from "../helpers/workspace.ts";

const response = (schema: unknown, example?: unknown) => ({
  "200": {
    description: "ok",
    content: { "application/json": { schema, ...(example ? { example } : {}) } },
  },
});

const DOC = {
  openapi: "3.1.0",
  info: { title: "Shop", version: "1" },
  paths: {
    "/users/{id}": {
      get: {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
        responses: response({ $ref: "#/components/schemas/User" }, { id: "abc", name: "Ada" }),
      },
    },
    "/orders": { get: { responses: response({ $ref: "#/components/schemas/Order" }) } },
    "/refunds": { get: { responses: response({ $ref: "#/components/schemas/Refund" }) } },
  },
  components: {
    schemas: {
      User: {
        type: "object",
        required: ["id", "name", "id"],
        properties: { id: { type: "integer" }, name: { type: "string" } },
      },
      Order: { type: "object", properties: { total: { type: "string", format: "money" } } },
      Refund: {
        type: "object",
        properties: { order: { $ref: "#/components/schemas/Missing" }, n: { type: "integer" } },
      },
    },
  },
};

Deno.test("flawed schemas and examples are warnings; import, drift and coverage go on", async () => {
  await using ws = await workspace({ "openapi.json": JSON.stringify(DOC) });
  const imported = await apispec(["import", "openapi", "openapi.json", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(imported.code, 0, imported.stderr);
  const report = json<{ written: string[]; warnings: string[] }>(imported);
  assertEquals(report.written.length, 3);
  const warned = report.warnings.join("\n");
  assertStringIncludes(
    warned,
    "GET /users/{id} response 200: the document's example does not match its schema " +
      "(body.id: must be integer); a generated example is written instead",
  );
  assertStringIncludes(
    warned,
    "Schema #/components/schemas/User: `required` names a property twice",
  );
  assertStringIncludes(
    warned,
    'Schema #/components/schemas/Order: format "money" is not one apispec knows',
  );
  assertStringIncludes(warned, '$ref "#/components/schemas/Missing" names nothing in the document');
  const user = await ws.read(report.written.find((f) => f.includes("users"))!);
  assertStringIncludes(user, '"id": 0');

  const drift = await apispec(["drift", "openapi.json", "--report", "json"], { cwd: ws.dir });
  assertEquals(drift.code, 0, drift.stderr);
  assertEquals(json<{ findings: unknown[] }>(drift).findings, []);
  assertStringIncludes(drift.stderr, "Schema #/components/schemas/User");
  assertStringIncludes(drift.stderr, "#/components/schemas/Missing");

  // A real disagreement elsewhere is still found beside the flaws.
  const orders = report.written.find((f) => f.includes("orders"))!;
  await ws.write(orders, (await ws.read(orders)).replace('"total": "string"', '"total": 12'));
  const found = await apispec(["drift", "openapi.json", "--report", "json"], { cwd: ws.dir });
  assertEquals(found.code, 1);
  const findings = json<{ findings: { kind: string; message: string }[] }>(found).findings;
  assertEquals(findings.map((f) => f.kind), ["response-body"]);
  assertStringIncludes(findings[0].message, "body.total: must be string");

  const coverage = await apispec(
    ["coverage", "--openapi", "openapi.json", "--output", "json"],
    { cwd: ws.dir },
  );
  assertEquals(coverage.code, 0, coverage.stderr);
  const counted = json<{ operations: { total: number }; endpoints: unknown[] }>(coverage);
  assertEquals(counted.operations.total, 3);
  assertEquals(counted.endpoints.length, 3);
  assert(!/ENGINE_ERROR/.test(drift.stderr + found.stderr + coverage.stderr));
});
