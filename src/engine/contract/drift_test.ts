import { assertEquals } from "@std/assert";
import { parseEndpoint } from "../parse/spec.ts";
import type { EndpointSpec } from "../model.ts";
import type { ContractDocument, ContractOperation } from "./model.ts";
import { driftFindings, responseKeyFor } from "./drift.ts";

const op = (method: string, path: string, responses: string[]): ContractOperation => ({
  method,
  path,
  responses,
  required: [],
  responseSchema: () => undefined,
  requestSchema: () => undefined,
});

function spec(method: string, path: string, status: number): EndpointSpec {
  const text =
    `---\nresource: r\nprotocol: http\nmethod: ${method}\npath: ${path}\nversion: 1\n---\n` +
    `# T\n\n## Request\n\n\`\`\`http\n${method} {{baseUrl}}${path}\n\`\`\`\n\n` +
    `## Expected response\n\n\`\`\`http\nHTTP/1.1 ${status} X\n\`\`\`\n`;
  return parseEndpoint(text, `apis/r/${method.toLowerCase()}.md`).spec!;
}

Deno.test("responseKeyFor() picks the exact code, then the range, then default", () => {
  const o = op("GET", "/x", ["200", "4XX", "default"]);
  assertEquals([200, 404, 500].map((s) => responseKeyFor(o, s)), ["200", "4XX", "default"]);
  assertEquals(responseKeyFor(op("GET", "/x", ["200"]), 201), undefined);
});

Deno.test("driftFindings(): statuses against responses, missing and undocumented, --ignore", () => {
  const doc: ContractDocument = {
    version: "3.1.0",
    basePaths: [],
    operations: [op("GET", "/a/{id}", ["200"]), op("POST", "/a", []), op("DELETE", "/b", ["204"])],
    definitions: () => ({}),
    pointerOf: () => undefined,
    flaws: () => [],
  };
  const specs = [spec("GET", "/a/:x", 418), spec("POST", "/a", 201), spec("GET", "/c", 200)];
  const { findings, summary } = driftFindings(doc, specs, []);
  assertEquals(findings.map((f) => `${f.kind} ${f.method} ${f.path}`), [
    "missing-spec DELETE /b",
    "undocumented GET /c",
    "status GET /a/:x",
  ]);
  assertEquals(summary, { operations: 3, specs: 3, matched: 2, findings: 3 });
  // An operation with no documented responses (POST /a) has no status to disagree with.
  assertEquals(driftFindings(doc, specs, ["missing-spec", "undocumented"]).summary.findings, 1);
});
