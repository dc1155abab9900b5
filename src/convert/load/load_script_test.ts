import { assertEquals } from "@std/assert";
import { captureSentinel, envName, envSentinel, partsOf, shapeChecks } from "./load_script.ts";

Deno.test("partsOf() splits resolved text at run-time variable and secret stand-ins", () => {
  const text = `http://h/posts/${captureSentinel("postId")}?k=${envSentinel("apiKey")}&x=1`;
  assertEquals(partsOf(text), [
    { text: "http://h/posts/" },
    { var: "postId" },
    { text: "?k=" },
    { env: "APISPEC_API_KEY" },
    { text: "&x=1" },
  ]);
  assertEquals(partsOf(""), [{ text: "" }]);
  assertEquals(partsOf(captureSentinel("a") + captureSentinel("b_c")), [
    { var: "a" },
    { var: "b_c" },
  ]);
});

Deno.test("envName() names a variable the way apispec reads it from the environment", () => {
  assertEquals(envName("authToken"), "APISPEC_AUTH_TOKEN");
  assertEquals(envName("password"), "APISPEC_PASSWORD");
});

Deno.test("shapeChecks() checks each field's JSON type, nested objects too", () => {
  assertEquals(shapeChecks({ id: 1, owner: { name: "a" }, tags: [], gone: null }), [
    { kind: "type", path: ["id"], type: "number" },
    { kind: "type", path: ["owner"], type: "object" },
    { kind: "type", path: ["owner", "name"], type: "string" },
    { kind: "type", path: ["tags"], type: "array" },
    { kind: "type", path: ["gone"], type: "null" },
  ]);
  assertEquals(shapeChecks([{ id: 1 }]), []);
});
