/**
 * BEYOND §11, through the official SDK client and the real server over a
 * generated 10,000-file collection: tools/list under 2,800 tokens
 * (characters / 4) with every tool, and an `apispec_search` answer of at
 * most 20 hits under 4,000 characters, whose files `apispec_context` opens.
 */
import { assert, assertEquals } from "@std/assert";
import { startMcp, TOOL_NAMES } from "../helpers/mcp.ts";
import { workspace } from "../helpers/workspace.ts";
import { writeGeneratedProject } from "../helpers/generated_project.ts";

const FILES = 10_000;

interface Hit {
  method: string;
  path: string;
  title: string;
  file: string;
}

Deno.test("over 10,000 files: tools/list < 2,800 tokens, search ≤ 20 hits in < 4,000 characters", async () => {
  await using ws = await workspace();
  await writeGeneratedProject(ws.dir, FILES);
  // One title far longer than any budget would allow 20 times over.
  await ws.write(
    "api-docs/apis/resource000/get-long.md",
    "---\nresource: resource000\nprotocol: http\nmethod: GET\npath: /long\nversion: 1\n---\n\n" +
      `# archive ${
        "very ".repeat(200)
      }long title\n\n## Request\n\n\`\`\`http\nGET {{baseUrl}}/long\n` +
      "```\n\n## Expected response\n\n```http\nHTTP/1.1 200 OK\n```\n",
  );
  await using mcp = await startMcp({ cwd: ws.dir });

  const listed = await mcp.client.listTools();
  const tokens = Math.ceil(JSON.stringify(listed).length / 4);
  assert(tokens < 2800, `tools/list is about ${tokens} tokens`);
  assertEquals(listed.tools.map((t: { name: string }) => t.name), TOOL_NAMES);

  for (
    const [query, expected] of [
      [{ q: "archive" }, FILES / 8 + 1],
      [{ method: "GET" }, FILES / 2 + 1],
      [{ tag: "export" }, FILES / 8],
      [{ path: "/resource042/" }, 100],
    ] as const
  ) {
    const result = await mcp.raw("apispec_search", query);
    const found = result.structuredContent as { count: number; results: Hit[] };
    assertEquals(found.count, expected, JSON.stringify(query));
    assertEquals(found.results.length, 20);
    for (const text of [JSON.stringify(found), result.content[0].text]) {
      assert(text.length < 4000, `${JSON.stringify(query)}: ${text.length} characters`);
    }
    assertEquals(Object.keys(found.results[0]), ["method", "path", "title", "file"]);
  }

  const archive = await mcp.call<{ results: Hit[] }>("apispec_search", { q: "archive" });
  const long = archive.results.find((hit) => hit.path === "/long")!;
  assertEquals(long.title.length, 80);
  assert(long.title.endsWith("…"));

  // The details an answer leaves out are one apispec_context away, by the hit's file.
  const hit = archive.results.find((h) => h.path !== "/long")!;
  const context = await mcp.call<{ text: string }>("apispec_context", { target: hit.file });
  assert(context.text.includes(hit.path), context.text);
});
