import { assertEquals } from "@std/assert";
import { deepMask, maskHeaders, maskRecord, maskText } from "./mask.ts";
import type { ExecRecord } from "../model.ts";

Deno.test("maskText() replaces raw and URL-encoded secret values", () => {
  assertEquals(maskText("t=ab cd&x=ab%20cd and ab cd", ["ab cd"]), "t=****&x=**** and ****");
  assertEquals(maskText("short abc stays", ["abc"]), "short abc stays");
});

Deno.test("maskHeaders() hides credential headers by name, keeping the scheme", () => {
  assertEquals(
    maskHeaders([["Authorization", "Bearer abc"], ["Cookie", "s=1"], ["X-Api-Key", "k"], [
      "Accept",
      "*/*",
    ]], []),
    [
      ["Authorization", "Bearer ****"],
      ["Cookie", "****"],
      ["X-Api-Key", "****"],
      ["Accept", "*/*"],
    ],
  );
});

Deno.test("maskRecord() masks every string and never mutates its input", () => {
  const record: ExecRecord = {
    passed: false,
    status: 200,
    duration_ms: 1,
    error_type: "CONTRACT_MISMATCH",
    hint: "token s3cr3t-v4lue seen",
    hints: ["s3cr3t-v4lue"],
    diff: {
      passed: false,
      status: null,
      headers: [],
      body: 'body.t: expected 1, got "s3cr3t-v4lue"',
    },
    assertion_results: [],
    request: {
      method: "GET",
      url: "http://h/?k=s3cr3t-v4lue",
      headers: [["Authorization", "Bearer s3cr3t-v4lue"]],
    },
  };
  const masked = maskRecord(record, ["s3cr3t-v4lue"]);
  assertEquals(JSON.stringify(masked).includes("s3cr3t-v4lue"), false);
  assertEquals(masked.request!.headers, [["Authorization", "Bearer ****"]]);
  assertEquals(record.hint, "token s3cr3t-v4lue seen");
  assertEquals(deepMask({ a: ["x-secret-x"] }, ["secret"]), { a: ["x-****-x"] });
});
