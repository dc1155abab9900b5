/**
 * Guards the layout the code depends on: the engine and the converters are
 * pure (no I/O, clock, randomness or console) and import nothing outside
 * themselves; operations never reach up into a surface.
 */
import { assertEquals } from "@std/assert";
import { ROOT } from "./helpers/cli.ts";

function sources(dir: string): { path: string; text: string }[] {
  const found: { path: string; text: string }[] = [];
  const walk = (folder: string) => {
    for (const entry of Deno.readDirSync(folder)) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory) walk(path);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith("_test.ts")) {
        found.push({ path: path.slice(ROOT.length + 1), text: Deno.readTextFileSync(path) });
      }
    }
  };
  walk(`${ROOT}/${dir}`);
  return found;
}

/** Relative imports of a file, resolved to paths under src/. */
function localImports(path: string, text: string): string[] {
  const imports: string[] = [];
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
    imports.push(new URL(match[1], `file:///${path}`).pathname.slice(1));
  }
  return imports;
}

const IMPURE =
  /\bDeno\.|\bfetch\(|Date\.now\(|Math\.random\(|\bconsole\.|new Date\(\)|performance\.now\(/;

/**
 * A constant holding the code of a generated script (`export const JS_HELPERS
 * = \`…\`;`): k6 or Artillery runs it, this process never does, so its clock
 * and randomness are the load engine's. Blanked, keeping line numbers.
 */
const GENERATED_CODE = /^export const [A-Z_]+ = `$[\s\S]*?^`;$/gm;

Deno.test("engine and convert code is pure: no I/O, clock, randomness or console", () => {
  const offenders = [...sources("src/engine"), ...sources("src/convert")]
    .flatMap(({ path, text }) =>
      text.replace(GENERATED_CODE, (code) => code.replace(/[^\n]/g, "")).split("\n")
        .map((line, i) => ({ line, where: `${path}:${i + 1}` }))
        .filter(({ line }) => IMPURE.test(line.replace(/\/\/.*$|^\s*\*.*$/, "")))
        .map(({ where, line }) => `${where}: ${line.trim()}`)
    );
  assertEquals(offenders, []);
});

Deno.test("dependencies point one way: surfaces → ops → engine, ops → adapters", () => {
  const rules: [string, string[]][] = [
    ["src/engine/", ["src/engine/"]],
    ["src/convert/", ["src/engine/", "src/convert/"]],
    ["src/ops/", [
      "src/engine/",
      "src/convert/",
      "src/ops/",
      "src/adapters/",
      "src/mock/response.ts",
      // Fuzzing reads the OpenAPI document as drift and coverage do (one loader).
      "src/contract/openapi_source.ts",
      "src/contract/project_openapi.ts",
      "src/demo/",
      "src/agents/",
      "src/version.ts",
      "web/dist/",
    ]],
    // Contract operations (drift, coverage, Arazzo) are operations in their own folder.
    ["src/contract/", [
      "src/engine/",
      "src/convert/",
      "src/ops/",
      "src/contract/",
      "src/adapters/",
      "src/version.ts",
    ]],
    // Load export is an operation of its own beside mock/: what ops may import.
    ["src/load/", [
      "src/engine/",
      "src/convert/",
      "src/ops/",
      "src/adapters/",
      "src/load/",
    ]],
    ["src/adapters/", ["src/adapters/", "src/engine/", "src/version.ts"]],
    // The servers sit beside each other: they share routes and the mock's helpers, never the CLI.
    ["src/mock/", ["src/mock/", "src/engine/", "src/ops/", "src/adapters/"]],
    ["src/proxy/", [
      "src/proxy/",
      "src/mock/",
      "src/engine/",
      "src/convert/",
      "src/ops/",
      "src/adapters/",
    ]],
  ];
  const violations: string[] = [];
  for (const [folder, allowed] of rules) {
    for (const { path, text } of sources(folder.replace(/\/$/, ""))) {
      for (const target of localImports(path, text)) {
        if (!allowed.some((prefix) => target.startsWith(prefix))) {
          violations.push(`${path} imports ${target}`);
        }
      }
    }
  }
  assertEquals(violations, []);
});

/** Import circles (static, dynamic and type-only imports alike), each named by its files. */
function importCircles(files: { path: string; text: string }[]): string[][] {
  // A module naming itself is a JSDoc example, not an import.
  const graph = new Map(
    files.map(({ path, text }) => [path, localImports(path, text).filter((to) => to !== path)]),
  );
  const circles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") circles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next) && graph.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return circles;
}

Deno.test("no import circles: every module's imports form a straight line down", () => {
  const circles = importCircles([...sources("src"), { path: "main.ts", text: "" }]);
  assertEquals(circles.map((circle) => circle.join(" → ")), []);
});

Deno.test("src/ takes paths from adapters/path.ts, not node:path (5 ms of every cold start)", () => {
  const offenders = sources("src")
    .filter(({ text }) => /from "node:path"/.test(text))
    .map(({ path }) => path);
  assertEquals(offenders, []);
});
