import { assertEquals } from "@std/assert";
import { documentedResponse, mediaTypeMatches, runChecks } from "./checks.ts";
import { FUZZ_CHECKS, type FuzzOperation } from "./model.ts";

const op: FuzzOperation = {
  method: "GET",
  path: "/items/{id}",
  parameters: [],
  responses: [
    { code: "200", mediaTypes: ["application/json"], schema: { type: "object" }, links: [] },
    { code: "4XX", mediaTypes: ["application/*"], links: [] },
    { code: "204", mediaTypes: [], links: [] },
  ],
};
const all = new Set(FUZZ_CHECKS);
const json = (status: number, body: string, type = "application/json") => ({
  status,
  headers: [["content-type", type]] as [string, string][],
  body,
});
const failed = (response: ReturnType<typeof json>, mutated = false) =>
  runChecks({
    operation: op,
    response,
    checks: all,
    validate: (_schema, value) =>
      typeof value === "object" && !Array.isArray(value)
        ? []
        : [{ pointer: "", keyword: "type", message: "must be object" }],
    ...(mutated
      ? { mutation: { where: "query q", pointer: "", keyword: "type", description: "x" } }
      : {}),
  }).map((f) => f.check);

Deno.test("documentedResponse: the exact code, then its range, then default", () => {
  assertEquals(documentedResponse(op, 200)?.code, "200");
  assertEquals(documentedResponse(op, 404)?.code, "4XX");
  assertEquals(documentedResponse(op, 500), undefined);
  const withDefault = {
    ...op,
    responses: [...op.responses, { code: "default", mediaTypes: [], links: [] }],
  };
  assertEquals(documentedResponse(withDefault, 500)?.code, "default");
});

Deno.test("media types match by wildcard, without parameters", () => {
  assertEquals(mediaTypeMatches("application/*", "application/problem+json; charset=utf-8"), true);
  assertEquals(mediaTypeMatches("application/json", "text/plain"), false);
});

Deno.test("each check fails on its own kind of answer, and holds otherwise", () => {
  assertEquals(failed(json(200, "{}")), []);
  assertEquals(failed(json(204, "", "")), []);
  assertEquals(failed(json(503, "down", "text/plain")), ["not_5xx", "status_documented"]);
  assertEquals(failed(json(200, "[]")), ["schema_conforms"]);
  assertEquals(failed(json(200, "not json")), ["schema_conforms"]);
  // A body of another media type is a content type failure, not a schema one.
  assertEquals(failed(json(200, "<p>", "text/html")), ["content_type_documented"]);
  assertEquals(failed(json(404, "{}", "application/problem+json")), []);
  assertEquals(failed(json(200, "{}"), true), ["negative_rejected"]);
  assertEquals(failed(json(400, "{}"), true), []);
});

Deno.test("--checks leaves the others out", () => {
  const failures = runChecks({
    operation: op,
    response: json(503, "down", "text/plain"),
    checks: new Set(["status_documented"] as const),
    validate: () => [],
  });
  assertEquals(failures.map((f) => [f.check, f.key]), [["status_documented", "503"]]);
});
