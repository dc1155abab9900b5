import { assertEquals } from "@std/assert";
import { renderGithubReport } from "./check.ts";
import { escapeData, escapeProperty } from "./workflow_commands.ts";
import type { ReportCase } from "./report.ts";

const base: ReportCase = {
  name: "Get order",
  group: "orders",
  file: "api-docs/apis/orders/get-order.md",
  line: 14,
  passed: false,
  status: 404,
  duration_ms: 3,
  error_type: "CONTRACT_MISMATCH",
  hint: "Status expected 200, got 404: 100% wrong",
  details: ["status: expected 200, got 404"],
};

Deno.test("escapeData() and escapeProperty() follow GitHub's workflow-command rules", () => {
  assertEquals(escapeData("50%\r\nnext"), "50%25%0D%0Anext");
  assertEquals(escapeProperty("a:b,c"), "a%3Ab%2Cc");
});

Deno.test("renderGithubReport() annotates failures, skips and deletions before the summary", () => {
  const text = renderGithubReport({
    title: "API contract check",
    cases: [
      base,
      {
        ...base,
        name: "Staging only",
        passed: false,
        skipped: true,
        hint: "Skipped: staging",
        line: 9,
      },
    ],
    deleted: ["api-docs/apis/old.md"],
    notes: [],
  });
  const lines = text.split("\n");
  assertEquals(
    lines[0],
    "::error file=api-docs/apis/orders/get-order.md,line=14::" +
      "CONTRACT_MISMATCH: Get order: Status expected 200, got 404: 100%25 wrong%0Astatus: expected 200, got 404",
  );
  assertEquals(
    lines[1],
    "::warning file=api-docs/apis/orders/get-order.md,line=9::Staging only: Skipped: staging",
  );
  assertEquals(
    lines[2],
    "::notice file=api-docs/apis/old.md::api-docs/apis/old.md was deleted",
  );
  // The summary is printed with command processing stopped, so none of its text is a command.
  assertEquals(lines[4], "::stop-commands::apispec-text");
  assertEquals(lines[5], "## API contract check");
  assertEquals(lines.at(-1), "::apispec-text::");
});
