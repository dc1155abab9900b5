/**
 * A generated OpenAPI document whose schemas nest anyOf `depth` levels deep
 * and reach each other through recursive references: the shape that made
 * drift peak at 1.3 GB (issue #29). bench/contract_bench.ts measures drift
 * and coverage on a 4 MB one; tests import small ones.
 */

/** The generated document: `components` schemas, anyOf nested `depth` deep, two operations per path. */
export function nestedDocument(components = 100, depth = 7, paths = 500): Record<string, unknown> {
  const nested = (level: number, i: number): unknown =>
    level === 0 ? { $ref: `#/components/schemas/Node${(i + 1) % components}` } : {
      anyOf: [
        { type: "string", pattern: `^n${level}-[a-z]{2,8}$` },
        {
          type: "object",
          properties: { [`k${level}`]: nested(level - 1, i), tag: { enum: ["a", "b"] } },
          required: [`k${level}`],
        },
        { type: "array", items: nested(level - 1, i + level), maxItems: 3 },
        { type: "null" },
      ],
    };
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < components; i++) {
    schemas[`Node${i}`] = {
      type: "object",
      required: ["id"],
      properties: {
        id: { type: "integer", minimum: 1 },
        value: nested(depth, i),
        children: { type: "array", items: { $ref: `#/components/schemas/Node${i}` } },
        parent: {
          anyOf: [{ $ref: `#/components/schemas/Node${(i + 7) % components}` }, { type: "null" }],
        },
      },
    };
  }
  const all: Record<string, unknown> = {};
  for (let p = 0; p < paths; p++) {
    const ref = { $ref: `#/components/schemas/Node${p % components}` };
    const id = [{ name: "id", in: "path", required: true, schema: { type: "integer" } }];
    const ok = (schema: unknown) => ({
      "200": { description: "ok", content: { "application/json": { schema } } },
    });
    all[`/things${p}/{id}`] = {
      get: { operationId: `get${p}`, parameters: id, responses: ok(ref) },
      put: {
        operationId: `put${p}`,
        parameters: id,
        requestBody: { required: true, content: { "application/json": { schema: ref } } },
        responses: ok({ anyOf: [ref, nested(3, p)] }),
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Nested", version: "1" },
    paths: all,
    components: { schemas },
  };
}
