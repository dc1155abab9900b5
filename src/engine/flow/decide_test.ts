import { assertEquals } from "@std/assert";
import { parseFlow } from "../parse/flow.ts";
import {
  decide,
  type Decision,
  iterationBindings,
  iterationSkip,
  loopCaptures,
  type Settled,
  visibleCaptures,
} from "./decide.ts";

function step(lines: string[]) {
  const text = `---\ntype: pipeline\n---\n## Steps\n\n1. **S** -> \`apis/s.md\`\n${
    lines.map((l) => `   - ${l}\n`).join("")
  }`;
  const parsed = parseFlow(text, "flows/f.md");
  if (!parsed.flow) throw new Error(JSON.stringify(parsed.issues));
  return parsed.flow.steps[0];
}

const none: Settled = { values: {}, absent: {} };

Deno.test("decide() skips, fails or runs a node, as a table", () => {
  const vars: Record<string, string> = {
    role: "admin",
    ids: "[1,2,3]",
    empty: "[]",
    word: "hello",
    page: '{"items":[{"id":1}]}',
    many: JSON.stringify(Array.from({ length: 1001 }, (_, i) => i)),
  };
  const lookup = (name: string) => vars[name];
  const cases: {
    name: string;
    lines: string[];
    uses?: Record<string, number>;
    view?: Settled;
    stoppedBy?: string;
    want: Decision;
  }[] = [
    { name: "plain step runs", lines: [], want: { kind: "run" } },
    {
      name: "an earlier failure stops it",
      lines: [],
      stoppedBy: "Create",
      want: {
        kind: "skip",
        passed: false,
        hint: 'Skipped: step "Create" failed and continue-on-error is off',
      },
    },
    {
      name: "a failed producer skips it, as a failure",
      lines: [],
      uses: { id: 0 },
      view: { values: {}, absent: { id: { step: "Create", failed: true } } },
      want: {
        kind: "skip",
        passed: false,
        hint: 'Skipped: needs "id" from step "Create", which failed',
      },
    },
    {
      name: "a producer skipped by When skips it without failing",
      lines: [],
      uses: { id: 0 },
      view: { values: {}, absent: { id: { step: "Maybe", failed: false } } },
      want: {
        kind: "skip",
        passed: true,
        hint: 'Skipped: needs "id" from step "Maybe", which was skipped',
      },
    },
    { name: "When holds", lines: ["When: `role: equals admin`"], want: { kind: "run" } },
    {
      name: "When fails",
      lines: ["When: `role: equals member`"],
      want: {
        kind: "skip",
        passed: true,
        hint: 'Skipped: when role: expected "member", got "admin"',
      },
    },
    {
      name: "When on an undefined variable",
      lines: ["When: `ghost: exists`"],
      want: {
        kind: "skip",
        passed: true,
        hint: "Skipped: when ghost: expected to exist, got missing",
      },
    },
    {
      name: "When reads into JSON",
      lines: ["When: `page.items: exists`"],
      want: { kind: "run" },
    },
    {
      name: "For each over an array",
      lines: ["For each: `ids` as `id`"],
      want: { kind: "run", items: [1, 2, 3] },
    },
    {
      name: "For each over a field of a JSON variable",
      lines: ["For each: `page.items` as `item`"],
      want: { kind: "run", items: [{ id: 1 }] },
    },
    {
      name: "For each over an empty array",
      lines: ["For each: `empty` as `x`"],
      want: {
        kind: "skip",
        passed: true,
        hint: "Skipped: `empty` is empty, so the step has nothing to run for",
        empty: true,
      },
    },
    {
      name: "For each over text",
      lines: ["For each: `word` as `x`"],
      want: {
        kind: "fail",
        hint:
          'For each: `word` is not an array, it is "hello"; capture a list (e.g. `response.body.items`) or pass a JSON array',
        errorType: "CONTRACT_MISMATCH",
      },
    },
    {
      name: "For each over an undefined variable",
      lines: ["For each: `ghost` as `x`"],
      want: {
        kind: "fail",
        hint: "For each: `ghost` is not defined; capture it in an earlier step or pass it",
        errorType: "VAR_MISSING",
      },
    },
    {
      name: "For each over too many elements",
      lines: ["For each: `many` as `x`"],
      want: {
        kind: "fail",
        hint:
          "For each: `many` has 1001 elements; the limit is 1000. Capture a smaller page, or split the list",
        errorType: "CONTRACT_MISMATCH",
      },
    },
  ];
  for (const c of cases) {
    const got = decide({ step: step(c.lines), uses: c.uses ?? {} }, {
      view: c.view ?? none,
      lookup,
      stoppedBy: c.stoppedBy,
    });
    assertEquals(got, c.want, c.name);
  }
});

Deno.test("decide() leaves loops over captures and conditions on captures open in a dry run", () => {
  const lookup = (name: string) => (name === "users" ? "__capture_users__" : undefined);
  const placeholder = (name: string) => name === "users";
  const loop = decide({ step: step(["For each: `users` as `u`"]), uses: {} }, {
    view: none,
    lookup,
    placeholder,
  });
  assertEquals(loop.kind, "run-unknown-count");
  const when = decide({ step: step(["When: `users: exists`"]), uses: {} }, {
    view: none,
    lookup,
    placeholder,
  });
  assertEquals(when, { kind: "run" });
});

Deno.test("iterationBindings() and iterationSkip() bind each element and filter with When", () => {
  const s = step(["For each: `users` as `user`", "When: `user.role: equals admin`"]);
  const admin = iterationBindings({ step: s }, { id: 1, role: "admin" });
  assertEquals(iterationSkip({ step: s }, (n) => admin[n]), undefined);
  assertEquals(admin, { user: '{"id":1,"role":"admin"}', "user.id": "1", "user.role": "admin" });
  const member = iterationBindings({ step: s }, { id: 2, role: "member" });
  assertEquals(
    iterationSkip({ step: s }, (n) => member[n]),
    'Skipped: when user.role: expected "admin", got "member"',
  );
});

Deno.test("visibleCaptures() lets the nearest producer win, a missing capture included", () => {
  const inherited: Settled = { values: { a: "1", b: "1" }, absent: {} };
  const siblings: (Settled | undefined)[] = [
    { values: { a: "2" }, absent: {} },
    { values: {}, absent: { b: { step: "S2", failed: true } } },
    undefined,
    { values: { a: "9" }, absent: {} },
  ];
  assertEquals(visibleCaptures(inherited, siblings, 3), {
    values: { a: "2" },
    absent: { b: { step: "S2", failed: true } },
  });
});

Deno.test("loopCaptures() collects each run's value in order; a failed run leaves none", () => {
  const run = (value: string, raw?: unknown) => ({
    settled: {
      values: { id: value },
      absent: {},
      ...(raw === undefined ? {} : { raw: { id: raw } }),
    },
    ran: true,
    failed: false,
  });
  const skipped = { settled: none, ran: false, failed: false };
  assertEquals(loopCaptures(["id"], "Each", [run("7", "7"), skipped, run("8", 8)]), {
    values: { id: '["7",8]' },
    absent: {},
  });
  assertEquals(loopCaptures(["id"], "Each", []).values, { id: "[]" });
  assertEquals(loopCaptures(["id"], "Each", [run("1"), { ...run("2"), failed: true }]), {
    values: {},
    absent: { id: { step: "Each", failed: true } },
  });
});
