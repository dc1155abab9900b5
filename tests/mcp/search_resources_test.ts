/** `apispec_search` and the `apispec://spec/` resources over the demo collection. */
import { assert, assertEquals, assertRejects } from "@std/assert";
import { demoProject } from "../helpers/demo.ts";
import { startMcp } from "../helpers/mcp.ts";

interface Found {
  count: number;
  results: { method: string; path: string; title: string; file: string }[];
}

Deno.test("apispec_search matches words in title or description, method, path and tag", async () => {
  await using demo = await demoProject();
  await using mcp = await startMcp({ cwd: demo.ws.dir });
  const search = (args: Record<string, unknown>) => mcp.call<Found>("apispec_search", args);
  const all = await search({});
  assertEquals(all.count, 7);
  assertEquals((await search({ q: "user" })).results.map((r) => r.title).sort(), [
    "Create user",
    "Delete user",
    "Get user by id",
    "List users",
  ]);
  // "shape" appears only in descriptions; a title hit ranks first.
  assertEquals(
    (await search({ q: "get order" })).results[0].file,
    "api-docs/apis/orders/get-order.md",
  );
  assertEquals((await search({ method: "delete" })).results.map((r) => r.path), ["/users/:userId"]);
  assertEquals((await search({ path: "/users", method: "GET" })).count, 2);
  assertEquals((await search({ tag: "write" })).results.map((r) => r.method).sort(), [
    "DELETE",
    "POST",
  ]);
  assertEquals(await search({ q: "nothing-like-this" }), { count: 0, results: [] });
  const hit = (await search({ q: "health" })).results[0];
  assertEquals(hit, {
    method: "GET",
    path: "/health",
    title: "Health check",
    file: "api-docs/apis/health/get-health.md",
  });
});

Deno.test("resources list every endpoint and flow; read returns the file; nothing outside is served", async () => {
  await using demo = await demoProject();
  await using mcp = await startMcp({ cwd: demo.ws.dir });
  const { resources } = await mcp.client.listResources();
  // Every spec file, plus the coverage resource (tests/mcp/contract_resources_test.ts).
  const uris = resources.map((r: { uri: string }) => r.uri)
    .filter((uri: string) => uri.startsWith("apispec://spec/"));
  assertEquals(uris.length, 9);
  assert(uris.includes("apispec://spec/apis/users/get-user-by-id.md"));
  assert(uris.includes("apispec://spec/flows/user-onboarding.md"));
  const read = await mcp.client.readResource({
    uri: "apispec://spec/apis/users/get-user-by-id.md",
  });
  assertEquals(read.contents[0].text, await demo.ws.read("api-docs/apis/users/get-user-by-id.md"));
  assertEquals(read.contents[0].mimeType, "text/markdown");
  const templates = await mcp.client.listResourceTemplates();
  assertEquals(templates.resourceTemplates[0].uriTemplate, "apispec://spec/{+path}");
  for (
    const uri of [
      "apispec://spec/apis/users/none.md",
      "apispec://spec/%2E%2E/%2E%2E/etc/passwd.md",
      "apispec://spec/_shared/env.template.md",
      "apispec://spec/project.md",
    ]
  ) {
    await assertRejects(() => mcp.client.readResource({ uri }), uri);
  }
});

Deno.test("the search index notices files changed behind the server's back", async () => {
  await using demo = await demoProject();
  await using mcp = await startMcp({ cwd: demo.ws.dir });
  assertEquals((await mcp.call<Found>("apispec_search", { q: "refund" })).count, 0);
  const text = (await demo.ws.read("api-docs/apis/health/get-health.md"))
    .replace("# Health check", "# Refund health check");
  await demo.ws.write("api-docs/apis/health/get-health.md", text);
  await demo.ws.write(
    "api-docs/apis/refunds/get-refund.md",
    text.replace("path: /health", "path: /refunds/1").replace(
      "GET {{baseUrl}}/health",
      "GET {{baseUrl}}/refunds/1",
    ),
  );
  // File-change notices arrive asynchronously: poll, with a generous deadline rather than a timing.
  let found: Found = { count: 0, results: [] };
  for (let i = 0; i < 100 && found.count < 2; i++) {
    found = await mcp.call<Found>("apispec_search", { q: "refund" });
    if (found.count < 2) await new Promise((r) => setTimeout(r, 50));
  }
  assertEquals(found.results.map((r) => r.path).sort(), ["/health", "/refunds/1"]);
  await Deno.remove(demo.ws.path("api-docs/apis/refunds"), { recursive: true });
  for (let i = 0; i < 100 && found.count > 1; i++) {
    found = await mcp.call<Found>("apispec_search", { q: "refund" });
    if (found.count > 1) await new Promise((r) => setTimeout(r, 50));
  }
  assertEquals(found.count, 1);
});
