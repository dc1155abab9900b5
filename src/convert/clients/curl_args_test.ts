/**
 * The 108 real cURL commands of curlconverter's test suite, each compared
 * with curlconverter 4.12.0's own parse (method, URL, headers, body or form).
 */
import { assert, assertEquals } from "@std/assert";
import { type CurlRequest, parseCurl } from "./curl_args.ts";

const DIR = new URL("../../../fixtures/corpora/curl/", import.meta.url).pathname;

interface Expected {
  method: string;
  raw_url: string;
  headers?: Record<string, string>;
  data?: string | Record<string, unknown>;
  files?: Record<string, string>;
}

/** The body in curlconverter's terms: text, parsed JSON or parsed form fields. */
function sameBody(got: CurlRequest, expected: Expected): boolean {
  if (expected.files || (typeof expected.data === "object" && got.body === undefined)) {
    const fields = Object.fromEntries(
      (got.form ?? []).filter((f) => !f.file).map((f) => [f.name, f.value]),
    );
    const files = Object.fromEntries(
      (got.form ?? []).filter((f) => f.file).map((f) => [f.name, f.file]),
    );
    return JSON.stringify(fields) === JSON.stringify(expected.data ?? {}) &&
      JSON.stringify(files) === JSON.stringify(expected.files ?? {});
  }
  if (expected.data === undefined) return got.body === undefined && got.form === undefined;
  if (typeof expected.data === "string") return got.body === expected.data;
  try {
    if (JSON.stringify(JSON.parse(got.body!)) === JSON.stringify(expected.data)) return true;
  } catch { /* a form body */ }
  const form: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(got.body ?? "")) {
    form[k] = k in form ? [form[k]].flat().concat(v) : v;
  }
  return JSON.stringify(form) === JSON.stringify(expected.data);
}

const names = [...Deno.readDirSync(`${DIR}curl_commands`)].map((e) => e.name.replace(/\.sh$/, ""))
  .sort();

Deno.test("parseCurl() corpus holds the 108 commands", () => {
  assertEquals(names.length, 108);
});

for (const name of names) {
  Deno.test(`parseCurl() reads ${name} as curlconverter does`, () => {
    const command = Deno.readTextFileSync(`${DIR}curl_commands/${name}.sh`);
    const expected: Expected = JSON.parse(
      Deno.readTextFileSync(`${DIR}generated-json-4.12.0/${name}.json`),
    );
    const got = parseCurl(command);
    assert(!("error" in got), `parse failed: ${"error" in got ? got.error : ""}`);
    assertEquals(got.method.toLowerCase(), expected.method);
    assertEquals(got.url, expected.raw_url);
    const lower = (pairs: [string, string][]) => pairs.map(([k, v]) => [k.toLowerCase(), v]).sort();
    assertEquals(lower(got.headers), lower(Object.entries(expected.headers ?? {})));
    assert(
      sameBody(got, expected),
      `body ${JSON.stringify(got.body ?? got.form)} vs ${JSON.stringify(expected.data)}`,
    );
  });
}

Deno.test("parseCurl() keeps $'...' escapes and line continuations like a shell", () => {
  const got = parseCurl(
    "curl $'http://h/a\\x62' \\\n  -H $'X-A: one\\ttwo' --data-urlencode 'q=a b'",
  );
  assert(!("error" in got));
  assertEquals(got.url, "http://h/ab");
  assertEquals(got.headers, [["X-A", "one\ttwo"], [
    "Content-Type",
    "application/x-www-form-urlencoded",
  ]]);
  assertEquals(got.body, "q=a%20b");
});

Deno.test("parseCurl() does not take an unknown flag's neighbour for its value", () => {
  const got = parseCurl("curl --some-new-switch https://h/x -k");
  assert(!("error" in got));
  assertEquals(got.url, "https://h/x");
  assertEquals(got.insecure, true);
});
