import { assertEquals } from "@std/assert";
import { parseEndpoint } from "../parse/spec.ts";
import type { HistoryEntry } from "../model.ts";
import type { ContractDocument } from "./model.ts";
import { coverageReport, STALE_AFTER_MS } from "./coverage.ts";
import { pathKeyLines } from "./document_lines.ts";

const NOW = Date.parse("2026-06-01T00:00:00Z");

function spec(file: string, path: string) {
  const text = `---\nresource: r\nprotocol: http\nmethod: GET\npath: ${path}\nversion: 1\n---\n` +
    "# T\n\n## Request\n\n```http\nGET {{baseUrl}}" + path +
    "\n```\n\n## Expected response\n\n```http\nHTTP/1.1 200 OK\n\n{}\n```\n";
  return parseEndpoint(text, file).spec!;
}

const run = (passed: boolean, ageMs: number): HistoryEntry => ({
  timestamp: new Date(NOW - ageMs).toISOString(),
  passed,
  status: passed ? 200 : 500,
  duration_ms: 7,
  error_type: passed ? null : "CONTRACT_MISMATCH",
});

Deno.test("coverageReport(): last runs, stale (failed or older than 30 days), coverage_pct", () => {
  const specs = [
    spec("a.md", "/a"),
    spec("b.md", "/b/:id"),
    spec("c.md", "/c"),
    spec("d.md", "/d"),
  ];
  const runs = new Map([
    ["a.md", run(true, 1000)],
    ["b.md", run(false, 1000)],
    ["c.md", run(true, STALE_AFTER_MS + 1)],
  ]);
  const report = coverageReport(specs, runs, NOW);
  assertEquals(report.endpoints.map((e) => [e.spec, e.last_run?.passed ?? null, e.stale]), [
    ["a.md", true, false],
    ["b.md", false, true],
    ["c.md", true, true],
    ["d.md", null, false],
  ]);
  assertEquals(report.summary, { endpoints: 4, run: 3, passing: 2, stale: 2, coverage_pct: 50 });
  const doc: ContractDocument = {
    version: "3.0.0",
    basePaths: [],
    definitions: () => ({}),
    pointerOf: () => undefined,
    flaws: () => [],
    operations: ["/a", "/b/{x}", "/e"].map((path) => ({
      method: "GET",
      path,
      responses: ["200"],
      required: [],
      responseSchema: () => undefined,
      requestSchema: () => undefined,
    })),
  };
  const withDoc = coverageReport(specs, runs, NOW, doc);
  assertEquals(withDoc.operations, {
    total: 3,
    covered: 1,
    uncovered: [{ method: "GET", path: "/b/{x}" }, { method: "GET", path: "/e" }],
  });
  assertEquals(withDoc.summary.coverage_pct, 33.3);
});

Deno.test("pathKeyLines() finds path keys in YAML and JSON text", () => {
  assertEquals(
    pathKeyLines('{\n  "paths": {\n    "/a": {},\n    "/b/{id}": {}\n  }\n}', ["/b/{id}", "/z"]),
    new Map([["/b/{id}", 4]]),
  );
  assertEquals(pathKeyLines("paths:\n  '/a':\n    get: {}\n", ["/a"]).get("/a"), 2);
});
