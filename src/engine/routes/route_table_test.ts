import { assertEquals } from "@std/assert";
import { buildRouteTable, normalizePath, type RouteLike, sortMethods } from "./route_table.ts";

interface TestRoute extends RouteLike {
  file: string;
}

const route = (method: string, path: string, file = `${method} ${path}`): TestRoute => ({
  method,
  path,
  file,
});

function fileOf(lookup: ReturnType<ReturnType<typeof buildRouteTable<TestRoute>>["lookup"]>) {
  return lookup.kind === "found" ? lookup.route.file : lookup.kind;
}

Deno.test("lookup() prefers a static segment over a :param whatever the order of the routes", () => {
  for (
    const routes of [
      [route("GET", "/users/:id"), route("GET", "/users/me")],
      [route("GET", "/users/me"), route("GET", "/users/:id")],
    ]
  ) {
    const table = buildRouteTable(routes);
    assertEquals(fileOf(table.lookup("GET", "/users/me")), "GET /users/me");
    assertEquals(table.lookup("GET", "/users/42"), {
      kind: "found",
      route: routes.find((r) => r.path === "/users/:id")!,
      params: { id: "42" },
    });
  }
});

Deno.test("lookup() falls back to the :param branch when the static branch leads nowhere", () => {
  const table = buildRouteTable([
    route("GET", "/users/me"),
    route("GET", "/users/:id/posts"),
    route("GET", "/users/:id/posts/:postId"),
  ]);
  const found = table.lookup("GET", "/users/me/posts");
  assertEquals(fileOf(found), "GET /users/:id/posts");
  assertEquals(found.kind === "found" && found.params, { id: "me" });
  const nested = table.lookup("GET", "/users/7/posts/9");
  assertEquals(nested.kind === "found" && nested.params, { id: "7", postId: "9" });
});

Deno.test("lookup() picks the most specific route that has the method", () => {
  const table = buildRouteTable([route("GET", "/users/me"), route("PUT", "/users/:id")]);
  assertEquals(fileOf(table.lookup("PUT", "/users/me")), "PUT /users/:id");
  assertEquals(fileOf(table.lookup("GET", "/users/me")), "GET /users/me");
});

Deno.test("lookup() ranks static prefixes deeper in the path too", () => {
  const table = buildRouteTable([
    route("GET", "/:resource/:id"),
    route("GET", "/:resource/latest"),
    route("GET", "/orders/:id"),
  ]);
  assertEquals(fileOf(table.lookup("GET", "/orders/latest")), "GET /orders/:id");
  assertEquals(fileOf(table.lookup("GET", "/users/latest")), "GET /:resource/latest");
  assertEquals(fileOf(table.lookup("GET", "/users/3")), "GET /:resource/:id");
});

Deno.test("lookup() decodes parameter values and ignores the query and a trailing slash", () => {
  const table = buildRouteTable([route("GET", "/files/:name"), route("GET", "/health/")]);
  const found = table.lookup("GET", "/files/a%20b%2Fc?download=1");
  assertEquals(found.kind === "found" && found.params, { name: "a b/c" });
  assertEquals(fileOf(table.lookup("GET", "/health")), "GET /health/");
  assertEquals(fileOf(table.lookup("GET", "/health/?x=1")), "GET /health/");
  const broken = table.lookup("GET", "/files/%E0%A4%A");
  assertEquals(broken.kind === "found" && broken.params, { name: "%E0%A4%A" });
});

Deno.test("lookup() does not match a :param against an empty segment", () => {
  const table = buildRouteTable([route("GET", "/users/:id/posts")]);
  assertEquals(table.lookup("GET", "/users//posts").kind, "not-found");
});

Deno.test("lookup() answers HEAD with the GET route unless a HEAD route exists", () => {
  const table = buildRouteTable([
    route("GET", "/users"),
    route("GET", "/users/:id"),
    route("HEAD", "/users/:id"),
  ]);
  assertEquals(fileOf(table.lookup("HEAD", "/users")), "GET /users");
  assertEquals(fileOf(table.lookup("HEAD", "/users/1")), "HEAD /users/:id");
});

Deno.test("lookup() reports the methods a known path allows (405)", () => {
  const table = buildRouteTable([
    route("POST", "/users"),
    route("GET", "/users"),
    route("DELETE", "/users/:id"),
    route("PATCH", "/users/me"),
  ]);
  assertEquals(table.lookup("PUT", "/users"), {
    kind: "method-not-allowed",
    allowed: ["GET", "HEAD", "POST", "OPTIONS"],
  });
  // The static and the parameter route both match /users/me: the union is allowed.
  assertEquals(table.lookup("GET", "/users/me"), {
    kind: "method-not-allowed",
    allowed: ["PATCH", "DELETE", "OPTIONS"],
  });
  assertEquals(table.lookup("GET", "/orders").kind, "not-found");
  assertEquals(table.lookup("GET", "/users/1/extra").kind, "not-found");
});

Deno.test("lookup() serves the root path and matches methods case-insensitively", () => {
  const table = buildRouteTable([route("get", "/")]);
  assertEquals(fileOf(table.lookup("GET", "/")), "get /");
  assertEquals(fileOf(table.lookup("GET", "")), "get /");
});

Deno.test("buildRouteTable() keeps the first of two routes with the same method and shape", () => {
  const first = route("GET", "/users/:id", "a.md");
  const second = route("GET", "/users/:userId", "b.md");
  const other = route("POST", "/users/:userId", "c.md");
  const table = buildRouteTable([first, second, other]);
  assertEquals(table.routes, [first, other]);
  assertEquals(table.duplicates, [{ route: second, kept: first }]);
  assertEquals(table.lookup("GET", "/users/1"), {
    kind: "found",
    route: first,
    params: { id: "1" },
  });
});

Deno.test("normalizePath() strips the query and one trailing slash", () => {
  assertEquals(normalizePath("/a/b/?q=1"), "/a/b");
  assertEquals(normalizePath("/"), "/");
  assertEquals(normalizePath("?x"), "/");
});

Deno.test("sortMethods() lists methods in Allow order, unknown ones last", () => {
  assertEquals(sortMethods(["OPTIONS", "TRACE", "POST", "GET"]), [
    "GET",
    "POST",
    "OPTIONS",
    "TRACE",
  ]);
});

Deno.test("lookup() gives the same answers when it remembers paths, past the memo's size", () => {
  const table = buildRouteTable([route("GET", "/users/:id"), route("PUT", "/users/:id")]);
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < 5000; i++) {
      const found = table.lookup("GET", `/users/${i}`);
      assertEquals(found.kind === "found" && found.params, { id: String(i) });
    }
    assertEquals(fileOf(table.lookup("PUT", "/users/7")), "PUT /users/:id");
    assertEquals(fileOf(table.lookup("HEAD", "/users/7")), "GET /users/:id");
    assertEquals(table.lookup("DELETE", "/users/7").kind, "method-not-allowed");
  }
});
