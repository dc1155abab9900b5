import { assertEquals, assertMatch } from "@std/assert";
import config from "../deno.json" with { type: "json" };
import { VERSION } from "./version.ts";

Deno.test("VERSION agrees with deno.json's version", () => {
  assertEquals(VERSION, config.version);
});

Deno.test("VERSION is semantic (release tags are v<VERSION>)", () => {
  assertMatch(VERSION, /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
});
