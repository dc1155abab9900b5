import { assert, assertEquals } from "@std/assert";
import { parseEndpoint } from "../parse/spec.ts";
import type { EndpointRoute } from "../routes/route_table.ts";
import { planResources } from "./resources.ts";

function route(method: string, path: string, body: string, vars = ""): EndpointRoute {
  const text = `---\nresource: t\nprotocol: http\nmethod: ${method}\npath: ${path}\nversion: 1\n` +
    `${vars}---\n## Request\n\n\`\`\`http\n${method} {{baseUrl}}${path}\n\`\`\`\n\n` +
    `## Expected response\n\n\`\`\`http\nHTTP/1.1 200 OK\nContent-Type: application/json\n\n${body}\n\`\`\`\n`;
  const { spec, issues } = parseEndpoint(text, `${method}${path}.md`);
  assert(spec, JSON.stringify(issues));
  return { method, path, file: spec.file, spec };
}

Deno.test("planResources() seeds a collection from the list and item examples", () => {
  const list = route("GET", "/users", '[{"id": 1, "name": "Ada"}, {"id": 2, "name": "Grace"}]');
  const item = route(
    "GET",
    "/users/:userId",
    '{"id": {{userId}}, "name": "Ada", "role": "admin"}',
    "vars:\n  userId: 1\n",
  );
  const post = route("POST", "/users", '{"id": 3}');
  const del = route("DELETE", "/users/:id", "");
  const other = route("GET", "/health", '{"ok": true}');
  const plan = planResources([list, item, post, del, other]);
  assertEquals(plan.collections.length, 1);
  const [def] = plan.collections;
  assertEquals(def.path, "/users");
  assertEquals(def.idKey, "id");
  assertEquals(def.itemParam, "userId");
  // The item example is fuller than the list entry, and takes its place.
  assertEquals(def.seed, [{ id: 1, name: "Ada", role: "admin" }, { id: 2, name: "Grace" }]);
  assertEquals(plan.roleOf(list)?.kind, "collection");
  assertEquals(plan.roleOf(post)?.kind, "collection");
  assertEquals(plan.roleOf(item), { kind: "item", def, param: "userId" });
  assertEquals(plan.roleOf(del), { kind: "item", def, param: "id" });
  assertEquals(plan.roleOf(other), undefined);
});

Deno.test("planResources() reads a wrapped list and nested collections", () => {
  const posts = route("GET", "/users/:userId/posts", '{"data": [{"id": "p1"}], "total": 1}');
  const plan = planResources([posts]);
  assertEquals(plan.collections[0].wrapper, {
    example: { data: [{ id: "p1" }], total: 1 },
    key: "data",
  });
  assertEquals(plan.collections[0].seed, [{ id: "p1" }]);
});

Deno.test("planResources() leaves a POST without an item route, and a non-list GET, alone", () => {
  const login = route("POST", "/login", '{"token": "x"}');
  const me = route("GET", "/me", '{"id": 1}');
  const tags = route("GET", "/tags", '["a", "b"]');
  const plan = planResources([login, me, tags]);
  assertEquals(plan.collections, []);
  assertEquals([login, me, tags].map(plan.roleOf), [undefined, undefined, undefined]);
});

Deno.test("planResources() makes POST plus an item route a collection, and picks the id key", () => {
  const post = route("POST", "/orders", '{"orderId": 5}');
  const item = route(
    "GET",
    "/orders/:orderId",
    '{"orderId": {{orderId}}, "total": 3}',
    "vars:\n  orderId: 5\n",
  );
  const plan = planResources([post, item]);
  assertEquals(plan.collections[0].idKey, "orderId");
  assertEquals(plan.collections[0].seed, [{ orderId: 5, total: 3 }]);
});
