/**
 * A project that names its OpenAPI document in `project.md`: the collection's
 * own `export openapi` (so every endpoint file documents an operation) plus
 * operations no file documents yet, written as `openapi.json` beside
 * `api-docs/`. Shared by the Coverage route, UI and benchmark.
 */
import { join } from "node:path";
import { exportOpenApi } from "../../src/ops/export/openapi.ts";
import { systemContext } from "../../src/adapters/system.ts";

/** Operations the collections in tests have no file for; one carries an API key example. */
export const EXTRA_OPERATIONS: Record<string, Record<string, unknown>> = {
  "/invoices/{invoiceId}": {
    get: {
      summary: "Get invoice",
      tags: ["invoices"],
      parameters: [
        { name: "invoiceId", in: "path", required: true, schema: { type: "integer" } },
        {
          name: "X-Api-Key",
          in: "header",
          required: true,
          schema: { type: "string" },
          example: "sk_live_51HxQe2Cj9vQpW3rT8yZ4aB6c",
        },
      ],
      responses: {
        "200": {
          description: "An invoice",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { id: { type: "integer" }, total: { type: "number" } },
              },
              example: { id: 7, total: 12.5 },
            },
          },
        },
        "404": { description: "No such invoice" },
      },
    },
  },
  "/refunds": {
    post: { summary: "Create refund", responses: { "201": { description: "Created" } } },
  },
};

/** Writes `<dir>/openapi.json` and `openapi: ../openapi.json` into the project file. */
export async function nameProjectOpenApi(dir: string): Promise<Record<string, unknown>> {
  const ctx = { ...systemContext(), cwd: dir };
  const exported = await exportOpenApi("api-docs", ctx);
  if (!exported.document) throw new Error(`export failed: ${JSON.stringify(exported)}`);
  const doc = exported.document as { paths: Record<string, unknown> };
  Object.assign(doc.paths, EXTRA_OPERATIONS);
  await Deno.writeTextFile(join(dir, "openapi.json"), JSON.stringify(doc, null, 2));
  const project = join(dir, "api-docs", "project.md");
  const text = await Deno.readTextFile(project);
  await Deno.writeTextFile(project, text.replace(/^---\n/, "---\nopenapi: ../openapi.json\n"));
  return doc;
}
