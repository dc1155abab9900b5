import { assert, assertEquals } from "@std/assert";
import { parseEndpoint } from "../parse/spec.ts";
import type { EndpointRoute } from "../routes/route_table.ts";
import { envelopeOf, planResources } from "./resources.ts";

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

Deno.test("planResources() reads items out of their envelope and keeps each route's envelope", () => {
  const list = route("GET", "/buckets", '{"data": [{"id": "main"}]}');
  const itemBody = '{"data": {"id": "{{bucketId}}", "size": 1}, "permissions": {"write": []}}';
  const item = route("GET", "/buckets/:bucketId", itemBody, "vars:\n  bucketId: main\n");
  const post = route("POST", "/buckets", '{"data": {"id": "b9", "size": 0, "at": 5}}');
  const plan = planResources([list, item, post]);
  const [def] = plan.collections;
  // The item example is the list entry, fuller: no envelope seeded as a second item.
  assertEquals(def.seed, [{ id: "main", size: 1 }]);
  assertEquals(plan.roleOf(item)?.envelope, {
    key: "data",
    example: { data: { id: "main", size: 1 }, permissions: { write: [] } },
  });
  const postRole = plan.roleOf(post)!;
  assertEquals(postRole.envelope?.key, "data");
  assertEquals(postRole.documented, { size: 0, at: 5 });
  assertEquals(postRole.documentedId, "b9");
  assertEquals(plan.roleOf(list)?.envelope, undefined);
});

Deno.test("envelopeOf() tells an envelope from an item with a data field", () => {
  assertEquals(envelopeOf({ data: { id: 1 } })?.key, "data");
  assertEquals(envelopeOf({ result: { name: "x" }, success: true })?.key, "result");
  assertEquals(envelopeOf({ id: 1, data: { size: 2 } }), undefined);
  assertEquals(envelopeOf({ userId: 1, data: {} }, "userId"), undefined);
  assertEquals(envelopeOf({ data: { a: 1 }, item: { b: 2 } }), undefined);
  assertEquals(envelopeOf({ data: [{ id: 1 }] }), undefined);
});

Deno.test("planResources() takes an item with one array member for an item, not a list", () => {
  const order = route(
    "GET",
    "/orders/:orderId",
    '{"id": "ord_1", "lines": [{"sku": "A"}]}',
  );
  const summary = route("GET", "/reports/latest", '{"id": "r1", "rows": [{"n": 1}]}');
  const plan = planResources([order, summary]);
  assertEquals(plan.collections, []);
});
