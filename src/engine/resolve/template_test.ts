import { assertEquals } from "@std/assert";
import {
  malformedPlaceholders,
  pathParamNames,
  substitute,
  substitutePathParams,
  templateNames,
} from "./template.ts";

Deno.test("templateNames() and pathParamNames() list names in order of use", () => {
  assertEquals(templateNames("{{baseUrl}}/a/{{ id }}?q={{id}}&p={{page}}"), [
    "baseUrl",
    "id",
    "page",
  ]);
  assertEquals(pathParamNames("{{baseUrl}}/users/:userId/posts/:postId?sort=:not"), [
    "userId",
    "postId",
  ]);
  assertEquals(pathParamNames("http://host:8080/users/:id"), ["id"]);
});

Deno.test("substitute() is single-pass: values holding {{...}} are reported, not expanded", () => {
  const values: Record<string, string> = { a: "{{b}}", b: "two", id: "7" };
  const result = substitute("x={{a}} y={{id}} z={{missing}}", (n) => values[n]);
  assertEquals(result, { text: "x={{b}} y=7 z={{missing}}", missing: ["missing"], nested: ["a"] });
});

Deno.test("substitutePathParams() encodes values and leaves authority and query alone", () => {
  const values: Record<string, string> = { id: "a b/c", port: "9" };
  const result = substitutePathParams("http://h:8080/users/:id?x=:port", (n) => values[n]);
  assertEquals(result.text, "http://h:8080/users/a%20b%2Fc?x=:port");
});

Deno.test("malformedPlaceholders() finds {{ that do not open a placeholder", () => {
  assertEquals(malformedPlaceholders("ok {{a}} and {{b"), ["{{b"]);
  assertEquals(malformedPlaceholders("{{ not valid name! }}").length, 1);
  assertEquals(malformedPlaceholders("nothing here"), []);
});
