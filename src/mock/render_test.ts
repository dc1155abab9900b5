import { assertEquals } from "@std/assert";
import { maskQuery, renderLogLine, renderReload, renderRouteTable } from "./render.ts";

const users = { method: "GET", path: "/users/:id", file: "apis/users/get-user.md" };
const create = { method: "POST", path: "/users", file: "apis/users/post-user.md" };
const health = { method: "GET", path: "/health", file: "apis/health/get-health.md" };

Deno.test("renderRouteTable() lists routes by path, aligned, with their files", () => {
  assertEquals(renderRouteTable([users, create, health]).split("\n"), [
    "  GET     /health     apis/health/get-health.md",
    "  POST    /users      apis/users/post-user.md",
    "  GET     /users/:id  apis/users/get-user.md",
  ]);
  assertEquals(renderRouteTable([]).includes("no routes yet"), true);
});

Deno.test("renderReload() names the changed file and the routes removed and added", () => {
  assertEquals(
    renderReload(["apis/health/get-health.md"], [users, create], [users, health]),
    [
      "Reloaded apis/health/get-health.md: 2 routes",
      "  - POST    /users  apis/users/post-user.md",
      "  + GET     /health  apis/health/get-health.md",
    ].join("\n"),
  );
  assertEquals(renderReload(["a.md", "b.md"], [users], [users]), "Reloaded 2 files: 1 route");
});

Deno.test("renderLogLine() shows the file that answered, or the mock's reason", () => {
  assertEquals(
    renderLogLine({ method: "GET", target: "/users/1?x=1", status: 200, file: users.file }),
    "GET /users/1?x=1 200 apis/users/get-user.md",
  );
  assertEquals(
    renderLogLine({ method: "GET", target: "/nope", status: 404, note: "no route" }),
    "GET /nope 404 (no route)",
  );
});

Deno.test("renderLogLine() masks credential-named query values", () => {
  assertEquals(
    renderLogLine({
      method: "GET",
      target: "/a?api_key=k-123&page=2&access%5Ftoken=t",
      status: 200,
    }),
    "GET /a?api_key=****&page=2&access%5Ftoken=**** 200 (mock)",
  );
  assertEquals(maskQuery("/plain"), "/plain");
  assertEquals(maskQuery("/a?flag&sort=name"), "/a?flag&sort=name");
});
