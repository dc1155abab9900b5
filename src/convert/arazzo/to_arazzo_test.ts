import { assertEquals } from "@std/assert";
import { pathValues } from "./to_arazzo.ts";

Deno.test("pathValues(): each path parameter takes what the request line has in its place", () => {
  assertEquals(pathValues("/users/:id", "{{baseUrl}}/users/{{userId}}"), ["{{userId}}"]);
  assertEquals(pathValues("/users/:id", "{{baseUrl}}/users/:userId?full=1"), ["{{userId}}"]);
  assertEquals(pathValues("/users/:id/orders/:n", "{{baseUrl}}/v1/users/42/orders/o-{{n}}"), [
    "42",
    "o-{{n}}",
  ]);
  assertEquals(pathValues("/users/:id", "https://api.example.com/users/{{userId}}"), [
    "{{userId}}",
  ]);
  // A request line that does not fit the path leaves the frontmatter's name to decide.
  assertEquals(pathValues("/users/:id", "{{baseUrl}}/people/{{userId}}"), [undefined]);
});
