import { assertEquals } from "@std/assert";
import { COMMANDS } from "./commands.ts";
import { LOADERS } from "./dispatch.ts";

Deno.test("dispatch has a loader for every command in the table, and no other", () => {
  assertEquals(Object.keys(LOADERS).sort(), COMMANDS.map((c) => c.name).sort());
});
