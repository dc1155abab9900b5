/**
 * README.md as a newcomer reads it: "Your first collection" runs as written
 * against a loopback API standing in for `http://localhost:8080` (init,
 * `request --save`, exec, validate, and `serve` started on a free port, its
 * page fetched); its endpoint file and flow run against the demo API and its
 * `project.md` validates; it links each page of docs/ once and names every MCP
 * tool.
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import {
  markdownSection,
  readDocPage,
  runDocCommand,
  startDocServer,
} from "../helpers/doc_examples.ts";
import { apispec, json, ROOT } from "../helpers/cli.ts";
import { demoProject } from "../helpers/demo.ts";
import { TOOLS } from "../../src/mcp/tools/index.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { workspace } from "../helpers/workspace.ts";

Deno.test("README's first collection runs as written", async () => {
  const page = await readDocPage("README.md", "## Your first collection");
  assertEquals(page.commands.map((c) => c.args[0]), [
    "init",
    "request",
    "exec",
    "validate",
    "serve",
  ]);
  await using api = startTestApi(() => jsonResponse({ status: "ok" }));
  await using ws = await workspace();
  const hosts = { "http://localhost:8080": api.url };
  for (const command of page.commands) {
    if (command.args[0] !== "serve") {
      await runDocCommand(command, { cwd: ws.dir, hosts });
      continue;
    }
    await using server = await startDocServer(command, { cwd: ws.dir, hosts });
    const home = await fetch(server.url);
    assertEquals(home.status, 200);
    assertStringIncludes(await home.text(), "<html");
  }
  assertStringIncludes(
    await ws.read("api-docs/apis/health/get-health.md"),
    "GET {{baseUrl}}/health",
  );
  assertEquals(api.requests.filter((r) => r.path === "/health").length, 2, "request and exec");
});

Deno.test("README is the index of docs/: each page linked once, every link resolves", async () => {
  const readme = await Deno.readTextFile(`${ROOT}/README.md`);
  const links = [...readme.matchAll(/\]\((docs\/[^)#]+)\)/g)].map((m) => m[1]);
  const pages = [...Deno.readDirSync(`${ROOT}/docs`)].map((e) => `docs/${e.name}`)
    .filter((p) => p.endsWith(".md")).sort();
  const count = (page: string) => links.filter((l) => l === page).length;
  assertEquals(pages.filter((page) => count(page) !== 1), [], "pages not linked exactly once");
  assertEquals(links.filter((link) => !pages.includes(link)), [], "links to no page");
});

Deno.test("README names every MCP tool the server registers", async () => {
  const readme = await Deno.readTextFile(`${ROOT}/README.md`);
  const tools = markdownSection(readme, "## Coding agents");
  assertEquals(TOOLS.map((t) => t.name).filter((name) => !tools.includes(`\`${name}\``)), []);
});

Deno.test("README's endpoint file and flow run against the demo API; its project.md validates", async () => {
  const page = await readDocPage("README.md");
  const { "api-docs/project.md": project, ...files } = page.files;
  assertEquals(Object.keys(files).sort(), [
    "api-docs/apis/users/get-user-by-id.md",
    "api-docs/flows/user-onboarding.md",
  ]);
  await using demo = await demoProject(files);
  const env = { APISPEC_AUTH_TOKEN: demo.api.token };
  for (
    const args of [
      ["exec", "api-docs/apis/users/get-user-by-id.md"],
      ["flow", "flows/user-onboarding.md", "--parallel"],
    ]
  ) {
    const result = await apispec(args, { cwd: demo.ws.dir, env });
    assertEquals(result.code, 0, `${args.join(" ")}\n${result.stdout}\n${result.stderr}`);
  }
  await demo.ws.write("api-docs/project.md", project);
  await demo.ws.write(
    "openapi.yaml",
    "openapi: 3.1.0\ninfo: {title: shop, version: '1'}\npaths: {}\n",
  );
  const validate = await apispec(["validate", "api-docs/project.md", "--output=json"], {
    cwd: demo.ws.dir,
  });
  assertEquals(json(validate).errors, 0, validate.stdout);
  assertEquals(json(validate).warnings, 0, validate.stdout);
});
