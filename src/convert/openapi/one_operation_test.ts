import { assertEquals } from "@std/assert";
import { fromOpenApi } from "./from_openapi.ts";
import { fromOpenApiOperation } from "./one_operation.ts";

const DOC = {
  openapi: "3.0.3",
  info: { title: "Shop", version: "1" },
  servers: [{ url: "http://127.0.0.1:9/v1" }],
  components: {
    schemas: { Invoice: { type: "object", properties: { id: { type: "integer" } } } },
    pathItems: {},
  },
  paths: {
    "/invoices/{id}": { $ref: "#/x-items/invoice" },
    "/users": { get: { responses: { "200": { description: "Users" } } } },
  },
  "x-items": {
    invoice: {
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
      get: {
        summary: "Get invoice",
        tags: ["billing"],
        responses: {
          "200": {
            description: "An invoice",
            content: {
              "application/json": {
                schema: { $ref: "#/components/schemas/Invoice" },
                example: { id: 7 },
              },
            },
          },
          "404": { description: "No such invoice" },
        },
      },
      delete: { summary: "Delete invoice", responses: { "204": { description: "Gone" } } },
    },
  },
  webhooks: { paid: { post: { responses: { "200": { description: "ok" } } } } },
};

Deno.test("fromOpenApiOperation() converts one operation exactly as the importer converts it", async () => {
  const one = await fromOpenApiOperation(DOC, "get", "/invoices/{id}");
  const all = await fromOpenApi(DOC);
  if (!one.ok || !all.ok) throw new Error("conversion failed");
  assertEquals(one.conversion.endpoints.length, 1);
  const expected = all.conversion.endpoints.find((e) =>
    e.method === "GET" && e.path === "/invoices/:id"
  );
  assertEquals(one.conversion.endpoints[0], expected);
  assertEquals(one.conversion.environments, all.conversion.environments);
  assertEquals(one.conversion.warnings, [], "no webhook warning for a single operation");
});

Deno.test("fromOpenApiOperation() refuses an operation the document does not have", async () => {
  for (
    const [method, path] of [["POST", "/invoices/{id}"], ["GET", "/nope"], ["FETCH", "/users"]]
  ) {
    const outcome = await fromOpenApiOperation(DOC, method, path);
    assertEquals(outcome.ok, false);
    if (!outcome.ok) {
      assertEquals(
        outcome.error.message,
        `The document has no operation ${method} ${path}`,
      );
    }
  }
  assertEquals((await fromOpenApiOperation(DOC, "GET", "toString")).ok, false);
});
