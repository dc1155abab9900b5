import { assertEquals } from "@std/assert";
import {
  deepMask,
  MASK,
  maskHeaders,
  maskRecord,
  maskShapes,
  maskText,
  maskThenCut,
} from "./mask.ts";
import type { ExecRecord } from "../model.ts";
import { Gen } from "../../../tests/helpers/secret_samples.ts";

const g = new Gen(7);

Deno.test("maskText() replaces raw and URL-encoded secret values", () => {
  assertEquals(maskText("t=ab cd&x=ab%20cd and ab cd", ["ab cd"]), "t=****&x=**** and ****");
  assertEquals(maskText("short abc stays", ["abc"]), "short abc stays");
});

Deno.test("maskShapes() hides what the scanner recognises, whoever sent it", () => {
  const token = ["gh", "p_"].join("") + g.alnum(36);
  const jwt = g.jwt();
  const body =
    `{"token": "${token}", "id_token": "${jwt}", "password": "hunter2", "author": "Ada"}`;
  assertEquals(
    maskShapes(body),
    '{"token": "****", "id_token": "****", "password": "****", "author": "Ada"}',
  );
  const key = ["-----BEGIN RSA ", "PRIVATE KEY-----"].join("") + `\\n${g.b64(64)}\\n` +
    ["-----END RSA ", "PRIVATE KEY-----"].join("");
  assertEquals(maskShapes(`{"pem": "${key}"}`), '{"pem": "****"}');
  assertEquals(
    maskShapes("Authorization: Bearer {{authToken}}"),
    "Authorization: Bearer {{authToken}}",
  );
});

Deno.test("maskHeaders() hides credential headers by name, keeping the scheme", () => {
  assertEquals(
    maskHeaders([["Authorization", "Bearer abc"], ["Cookie", "s=1"], ["X-Api-Key", "k"], [
      "Accept",
      "*/*",
    ], ["Author", "Ada"]], []),
    [
      ["Authorization", "Bearer ****"],
      ["Cookie", "****"],
      ["X-Api-Key", "****"],
      ["Accept", "*/*"],
      ["Author", "Ada"],
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

Deno.test("deepMask() walks values nested far deeper than the call stack allows", () => {
  let value: unknown = "s3cr3t-v4lue";
  for (let i = 0; i < 20_000; i++) value = [value];
  let masked = deepMask(value, ["s3cr3t-v4lue"]);
  for (let i = 0; i < 20_000; i++) masked = (masked as unknown[])[0];
  assertEquals(masked, "****");
});

Deno.test("maskThenCut() masks before it cuts: a secret across the cut leaves none of its characters", () => {
  const known = "Qx7vLp2RzT9mWk4";
  const text = `${"a".repeat(50)} ${known} tail`;
  assertEquals(maskThenCut(text, 58, [known]), `${"a".repeat(50)} ${MASK} t…`);
  // A shaped value needs no list: the scanner sees it whole before the cut.
  const shaped = ["gh", "p_"].join("") + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";
  assertEquals(maskThenCut(`token=${shaped} and text after`, 12), `token=${MASK} …`);
  // Short text is left alone; a cut never splits a mask.
  assertEquals(maskThenCut("short", 60), "short");
  assertEquals(maskThenCut(`ab ${known} cd`, 5, [known]), "ab …");
});
