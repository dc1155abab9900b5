import { assertEquals } from "@std/assert";
import { join, relative } from "node:path";
import { scanRoutes, type SourceText } from "./scan_routes.ts";

const ROUTES = new URL("../../fixtures/routes/", import.meta.url).pathname;
const expected: Record<string, string[]> = JSON.parse(
  Deno.readTextFileSync(join(ROUTES, "expected.json")),
);

function filesOf(dir: string): SourceText[] {
  const out: SourceText[] = [];
  const walk = (current: string) => {
    for (const entry of Deno.readDirSync(current)) {
      const path = join(current, entry.name);
      if (entry.isDirectory) walk(path);
      else out.push({ path: relative(dir, path), text: Deno.readTextFileSync(path) });
    }
  };
  walk(dir);
  return out;
}

for (const [framework, routes] of Object.entries(expected)) {
  Deno.test(`scanRoutes() finds the ${framework} routes`, () => {
    const found = scanRoutes(filesOf(join(ROUTES, framework))).map((r) => `${r.method} ${r.path}`);
    assertEquals(found.sort(), [...routes].sort());
  });
}
