import { assertEquals } from "@std/assert";
import { parseWhen, untilHolds, whenHolds } from "./condition.ts";
import { parseAssertion } from "../parse/assertion.ts";
import { bindValue, resolveVariable } from "./lookup.ts";

const vars: Record<string, string> = {
  role: "admin",
  count: "3",
  tags: '["a","b"]',
  user: '{"name":"Ada","address":{"city":"Oslo"}}',
  "item.id": "7",
};
const lookup = (name: string) => vars[name];

Deno.test("whenHolds() applies the Assertions operators to a variable, as a table", () => {
  const cases: [string, boolean, string][] = [
    ["role: equals admin", true, 'role equals "admin"'],
    ["role: admin", true, 'role equals "admin"'],
    ["role: equals member", false, 'role: expected "member", got "admin"'],
    ["count: equals 3", true, ""],
    ["role: exists", true, "role exists"],
    ["ghost: exists", false, "ghost: expected to exist, got missing"],
    ["tags: contains b", true, ""],
    ["role: in [admin, owner]", true, ""],
    ["role: matches ^ad", true, ""],
    ["user.address.city: equals Oslo", true, ""],
    ["user.age: exists", false, "user.age: expected to exist, got missing"],
    ["item.id: equals 7", true, ""],
    // The richer operators of the grammar work here unchanged.
    ["count: > 2", true, ""],
    ["tags: length 2", true, ""],
    ["role: not equals member", true, ""],
    ["count: type integer", true, ""],
  ];
  // The engine takes its pattern compiler from outside (RE2 in ops); JavaScript's stands in here.
  const options = { compile: (source: string, flags: string) => new RegExp(source, flags) };
  for (const [text, passed, message] of cases) {
    const { when, issue } = parseWhen(text, "f.md", 3);
    assertEquals(issue, undefined, text);
    const result = whenHolds(when!, lookup, options);
    assertEquals(result.passed, passed, `${text}: ${result.message}`);
    if (!passed) assertEquals(result.message, message, text);
    assertEquals(result.rule, text);
  }
});

Deno.test("parseWhen() refuses what the grammar refuses, with the line and a fix", () => {
  for (const text of ["role equals admin", "role: in admin", "role: matches (", "9x: exists"]) {
    const { when, issue } = parseWhen(text, "flows/f.md", 12);
    assertEquals(when, undefined, text);
    assertEquals([issue?.file, issue?.line, issue?.severity], ["flows/f.md", 12, "error"], text);
    assertEquals(
      issue?.message.startsWith(`Cannot parse condition "${text}"`),
      true,
      issue?.message,
    );
  }
});

Deno.test("untilHolds() checks a rule on a response", () => {
  const rule = parseAssertion("body.status: equals done", "f.md", 1).rule!;
  const response = (status: string) => ({
    status: 200,
    reason: "OK",
    headers: [],
    body: JSON.stringify({ status }),
  });
  assertEquals(untilHolds(rule, response("done")).passed, true);
  assertEquals(
    untilHolds(rule, response("running")).message,
    'body.status: expected "done", got "running"',
  );
});

Deno.test("resolveVariable() and bindValue() read and bind dotted paths", () => {
  assertEquals(resolveVariable(lookup, "user.address"), {
    value: { city: "Oslo" },
    text: '{"city":"Oslo"}',
  });
  assertEquals(resolveVariable(lookup, "role.x"), undefined);
  assertEquals(resolveVariable(lookup, "tags")?.value, ["a", "b"]);
  assertEquals(bindValue("n", 5), { n: "5" });
  assertEquals(bindValue("u", { a: { b: null } }), {
    u: '{"a":{"b":null}}',
    "u.a": '{"b":null}',
    "u.a.b": "null",
  });
});
