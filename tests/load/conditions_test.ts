/**
 * `When` rules in load scripts decide exactly as apispec's own evaluator
 * does, for variables as the engines hold them (CSV cells as text, captures
 * as JSON values). Artillery: each rule becomes an `ifTrue` expression, which
 * Artillery 2 compiles with filtrex (and, when filtrex cannot compile one,
 * ignores, sending the request anyway), so it is compiled here with the
 * filtrex Artillery bundles (tests/tools). k6 (and Artillery's processor):
 * the generated helpers evaluate the rule.
 */
import { assert, assertEquals } from "@std/assert";
import { ROOT } from "../helpers/cli.ts";
import { npmTool } from "../helpers/tools.ts";
import { parseWhen, whenHolds } from "../../src/engine/flow/condition.ts";
import { filtrexRule } from "../../src/convert/load/artillery_when.ts";
import { JS_HELPERS, jsRule, jsSelect } from "../../src/convert/load/load_js.ts";
import { parseAssertion } from "../../src/engine/parse/assertion.ts";
import { evaluateAssertion } from "../../src/engine/compare/assertions.ts";

const artillery = npmTool("artillery");
// JavaScript's engine stands in for RE2: the patterns here mean the same in both.
const compile = (source: string, flags: string) => new RegExp(source, flags + "u");
const FILTREX = `${ROOT}/tests/tools/node_modules/filtrex/dist/esm/filtrex.mjs`;

/** Variables as a virtual user holds them. */
const USERS: Record<string, unknown>[] = [
  { role: "admin", n: "10", count: 7, flag: true, ids: "1", user: { role: "admin", city: "Oslo" } },
  { role: "member", n: "3", count: "7", flag: false, ids: 2, user: { role: "owner" }, empty: "" },
  { role: "", n: "abc", count: 0, flag: "true", user: { city: "Bergen" } },
  {},
];

const RULES = [
  "role: equals admin",
  "role: != admin",
  "role: not equals admin",
  "role: in [admin, owner]",
  "role: exists",
  "role: not exists",
  "role: matches ^ad",
  "role: not matches ^ad",
  "n: > 5",
  "n: <= 3",
  "n: equals 10",
  "count: equals 7",
  "count: equals '7'",
  "count: >= 7",
  "flag: equals true",
  "flag: != false",
  "ids: in [1, 2]",
  "user.role: equals admin",
  "user.role: in [admin, owner]",
  "user.city: matches ^Os",
  "user.city: exists",
  "missing: exists",
  "missing: != x",
  "empty: exists",
  "empty: < 5",
  "empty: equals 0",
  "flag: equals 1",
  "n: < zzz",
  "count: in [0, 7]",
];

/** What apispec decides: it holds every variable as text (strings as they are, other values as JSON). */
function apispecDecides(source: string, vars: Record<string, unknown>): boolean {
  const { when } = parseWhen(source, "flows/f.md", 1);
  const lookup = (name: string) => {
    const value = vars[name];
    return value === undefined
      ? undefined
      : typeof value === "string"
      ? value
      : JSON.stringify(value);
  };
  return whenHolds(when!, lookup, { compile }).passed;
}

Deno.test({
  name: "When → ifTrue: filtrex decides every translated rule as apispec does",
  ignore: artillery.path === undefined,
  fn: async () => {
    const { compileExpression } = await import(FILTREX) as {
      compileExpression: (expr: string) => (vars: unknown) => unknown;
    };
    const mismatches: string[] = [];
    for (const source of RULES) {
      const { when } = parseWhen(source, "flows/f.md", 1);
      assert(when, source);
      const translated = filtrexRule(when.variable, when.rule);
      assert("expr" in translated, `${source}: ${JSON.stringify(translated)}`);
      const test = compileExpression(translated.expr);
      for (const vars of USERS) {
        const expected = apispecDecides(source, vars);
        const got = test(vars);
        if (got instanceof Error || Boolean(got) !== expected) {
          mismatches.push(
            `${source} → ${translated.expr} with ${JSON.stringify(vars)}: apispec ${expected}, ` +
              `filtrex ${got instanceof Error ? got.message : got}`,
          );
        }
      }
    }
    assertEquals(mismatches, []);
  },
});

Deno.test("When in k6 and Artillery's processor: the generated helpers decide as apispec does", () => {
  const helpers = new Function(`${JS_HELPERS}\nreturn { holds, variable };`)() as {
    holds: (rule: unknown, selected: unknown) => boolean;
    variable: (vars: unknown, path: string) => unknown;
  };
  const mismatches: string[] = [];
  for (
    const source of [...RULES, "tags: contains admin", "role: length 5", "count: type integer"]
  ) {
    const { when } = parseWhen(source, "flows/f.md", 1);
    const literal = jsRule(when!.rule, [{ text: when!.rule.operand }]);
    const rule = new Function(`return ${literal};`)();
    for (const vars of [...USERS, { tags: ["admin"], count: 7.5 }, { tags: "superadmin" }]) {
      const got = helpers.holds(rule, helpers.variable(vars, when!.variable));
      if (got !== apispecDecides(source, vars)) {
        mismatches.push(`${source} with ${JSON.stringify(vars)}: js ${got}`);
      }
    }
  }
  assertEquals(mismatches, []);
});

Deno.test("When → ifTrue: operators Artillery cannot express are refused with a fix", () => {
  for (
    const source of ["tags: contains admin", "name: length 3", "id: type integer", "x: equals ''"]
  ) {
    const { when } = parseWhen(source, "flows/f.md", 1);
    const translated = filtrexRule(when!.variable, when!.rule);
    assert("problem" in translated, source);
    assert(translated.fix !== "", source);
  }
});

Deno.test("Checks and Until in k6 and Artillery's processor: the helpers judge a response as apispec does", () => {
  const helpers = new Function(`${JS_HELPERS}\nreturn { holds, at };`)() as {
    holds: (rule: unknown, selected: unknown) => boolean;
    at: (r: unknown, kind: string, path: unknown[]) => unknown;
  };
  const body = '{"id": 7, "name": "Ada", "tags": ["a", "b"], "price": 4.5, "none": null}';
  const response = {
    status: 200,
    reason: "OK",
    headers: [["X-Total", "3"]] as [string, string][],
    body,
  };
  const r = { status: 200, headers: { "x-total": "3" }, body };
  const mismatches: string[] = [];
  for (
    const source of [
      "status: 200",
      "status: != 201",
      "body.id: equals 7",
      'body.id: equals "7"',
      "body.name: contains d",
      "body.tags: contains a",
      "body.tags: length 2",
      "body.tags: length >= 3",
      "body.price: type number",
      "body.price: type integer",
      "body.id: type integer",
      "body.none: exists",
      "body.none: not exists",
      "headers.x-total: equals 3",
      "headers.x-other: exists",
      "body.missing: != 1",
      "body.name: matches ^A",
      "body.name: not matches ^B",
      "body.price: > 4",
      "body: contains Ada",
    ]
  ) {
    const { rule } = parseAssertion(source, "apis/a.md", 1);
    assert(rule, source);
    const literal = new Function(`return ${jsRule(rule, [{ text: rule.operand }])};`)();
    const selected = new Function("at", "r", `return ${jsSelect(rule.path)};`)(helpers.at, r);
    const got = helpers.holds(literal, selected);
    const expected = evaluateAssertion(rule, response, { compile }).passed;
    if (got !== expected) mismatches.push(`${source}: apispec ${expected}, js ${got}`);
  }
  assertEquals(mismatches, []);
});
