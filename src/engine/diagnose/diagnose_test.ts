import { assertEquals } from "@std/assert";
import { diagnose, type DiagnoseInput, execCommand, shellWord } from "./diagnose.ts";
import type { ExecRecord } from "../model.ts";

const record: ExecRecord = {
  passed: false,
  status: 0,
  duration_ms: 0,
  error_type: "NETWORK_ERROR",
  hint: "",
  hints: [],
  diff: { passed: false, status: null, headers: [], body: null },
  assertion_results: [],
};
const input: DiagnoseInput = {
  file: "api-docs/apis/users/get user.md",
  env: "dev",
  record,
  issues: [],
  variables: [],
  strictAssertions: false,
  vars: { userId: "7", apiKey: "k-123456789", q: "a b" },
  failure: { kind: "reset", message: "connection closed by the server" },
  url: "http://127.0.0.1:1234/users/7",
};

Deno.test("shellWord() quotes only what the shell would split or expand", () => {
  assertEquals(shellWord("api-docs/apis/a.md"), "api-docs/apis/a.md");
  assertEquals(shellWord("a b"), "'a b'");
  assertEquals(shellWord("it's"), "'it'\\''s'");
});

Deno.test("execCommand() repeats the run's variables with secret-named values masked", () => {
  assertEquals(
    execCommand(input, ["-v"]),
    "apispec exec 'api-docs/apis/users/get user.md' --env=dev --var userId=7 --var 'apiKey=****' --var 'q=a b' -v",
  );
});

Deno.test("diagnose() explains a connection closed by the server", () => {
  const diagnosis = diagnose(input);
  assertEquals(diagnosis.summary, "http://127.0.0.1:1234 closed the connection without an answer");
  assertEquals(diagnosis.error_type, "NETWORK_ERROR");
  assertEquals(diagnosis.verify.length, 1);
});
