import { assertEquals, assertStringIncludes } from "@std/assert";
import { ANSI, PLAIN } from "../engine/render/paint.ts";
import { type ProxyReportEntry, renderExchangeLine } from "./report_entry.ts";

const violation: ProxyReportEntry = {
  timestamp: "2026-01-01T00:00:00.000Z",
  method: "GET",
  path: "/users/2",
  spec: "apis/users/get-user.md",
  status: 200,
  passed: false,
  error_type: "CONTRACT_MISMATCH",
  diff: { passed: false, status: null, headers: [], body: "body.id: expected number, got string" },
};

Deno.test("renderExchangeLine() is plain text without colour, and coloured on a terminal", () => {
  const plain = renderExchangeLine(violation, { durationMs: 3.4 }, PLAIN);
  assertEquals(
    plain,
    "FAIL GET /users/2 200 apis/users/get-user.md 3 ms\n     · body.id: expected number, got string",
  );
  const coloured = renderExchangeLine(violation, { durationMs: 3.4 }, ANSI);
  assertStringIncludes(coloured, "\x1b[31m\x1b[1mFAIL\x1b[22m\x1b[39m");
  assertEquals(coloured.replace(new RegExp(`${String.fromCharCode(27)}\\[\\d+m`, "g"), ""), plain);
});

Deno.test("renderExchangeLine() marks undocumented exchanges and what was recorded", () => {
  const line = renderExchangeLine(
    { ...violation, spec: null, passed: null, error_type: null, diff: null, path: "/orders/1" },
    { durationMs: 1, recorded: "drafts/apis/orders/get-orders-id.md" },
    PLAIN,
  );
  assertEquals(
    line,
    " new GET /orders/1 200 (no endpoint file) 1 ms\n     · recorded drafts/apis/orders/get-orders-id.md",
  );
});
