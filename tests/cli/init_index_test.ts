/** `apispec init` and `apispec index`. */
import { assert, assertEquals, assertMatch, assertStringIncludes } from "@std/assert";
import { apispec, ROOT } from "../helpers/cli.ts";
import { endpoint, workspace } from "../helpers/workspace.ts";

Deno.test("init --yes scaffolds the collection with defaults, ignore entries and an index", async () => {
  await using ws = await workspace({ ".gitignore": "node_modules/" });
  const result = await apispec(["init", "--yes"], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stderr);
  for (const file of ["project.md", "_shared/env.template.md", "_shared/env.md", "README.md"]) {
    assert(await ws.exists(`api-docs/${file}`), file);
  }
  assertStringIncludes(await ws.read("api-docs/project.md"), 'name: "my-api"');
  assertStringIncludes(
    await ws.read("api-docs/_shared/env.template.md"),
    "baseUrl: http://localhost:8080",
  );
  assertEquals(
    await ws.read(".gitignore"),
    "node_modules/\n.env.local\n.apispec/history/\n.apispec/proxy.json\n.apispec/exchanges/\n",
  );
  assertEquals(await ws.read("api-docs/.gitignore"), "/_shared/env.md\n");
  assertEquals((await apispec(["validate", "api-docs"], { cwd: ws.dir })).code, 0);
});

Deno.test("init honours --name and --dev-url, and prompts for missing values without --yes", async () => {
  await using ws = await workspace();
  const result = await apispec(["init", "--name=shop"], {
    cwd: ws.dir,
    stdin: "http://127.0.0.1:9000\n",
  });
  assertEquals(result.code, 0, result.stderr);
  assertStringIncludes(result.stderr, "Dev base URL [http://localhost:8080]:");
  assertStringIncludes(await ws.read("api-docs/project.md"), 'name: "shop"');
  assertStringIncludes(
    await ws.read("api-docs/_shared/env.template.md"),
    "baseUrl: http://127.0.0.1:9000",
  );
});

Deno.test("init never overwrites: exit 3 naming the file, nothing written", async () => {
  await using ws = await workspace({ "api-docs/_shared/env.md": "mine" });
  const result = await apispec(["init", "--yes"], { cwd: ws.dir });
  assertEquals(result.code, 3);
  assertStringIncludes(result.stderr, "api-docs/_shared/env.md already exists");
  assertEquals(await ws.exists("api-docs/project.md"), false);
  assertEquals(await ws.read("api-docs/_shared/env.md"), "mine");
});

Deno.test("index regenerates README.md grouped by resource, with flows, leaving out invalid files", async () => {
  await using ws = await workspace();
  await Deno.mkdir(`${ws.dir}/api-docs`, { recursive: true });
  for (const entry of Deno.readDirSync(`${ROOT}/fixtures/demo/api-docs`)) {
    await new Deno.Command("cp", {
      args: ["-r", `${ROOT}/fixtures/demo/api-docs/${entry.name}`, `${ws.dir}/api-docs/`],
    }).output();
  }
  await ws.write("api-docs/apis/users/broken.md", endpoint().replace("version: 1", "version: x"));
  const result = await apispec(["index"], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stderr);
  assertStringIncludes(result.stdout, "Wrote api-docs/README.md: 7 endpoints, 2 flows");
  assertStringIncludes(
    result.stderr,
    "apis/users/broken.md does not parse and is left out of the index",
  );
  const readme = await ws.read("api-docs/README.md");
  assertStringIncludes(readme, "# demo-shop API");
  assertStringIncludes(readme, "7 endpoints in 4 resources, 2 flows.");
  const headings = readme.split("\n").filter((l) => l.startsWith("## "));
  assertEquals(headings, ["## echo", "## health", "## orders", "## users", "## Flows"]);
  assertStringIncludes(
    readme,
    "| GET | `/users/:userId` | [Get user by id](apis/users/get-user-by-id.md) | users, read |",
  );
  assertStringIncludes(
    readme,
    "| [User onboarding](flows/user-onboarding.md) | 3 | Create a user, read it back, then delete it |",
  );
});

Deno.test("index without a collection is exit 3 with a fix", async () => {
  await using ws = await workspace();
  const result = await apispec(["index"], {
    cwd: ws.dir,
    env: { XDG_DATA_HOME: `${ws.dir}/none` },
  });
  assertEquals(result.code, 3);
  assertStringIncludes(result.stderr, "Run `apispec init` first");
});

Deno.test("demo runs the embedded collection against the embedded API and passes", async () => {
  const result = await apispec(["demo"]);
  assertEquals(result.code, 0, result.stdout + result.stderr);
  // Six endpoints, then the onboarding flow step by step.
  assertStringIncludes(result.stdout, "FLOW  User onboarding");
  assertMatch(result.stdout, /✓ Read user {2}GET http:\/\/127\.0\.0\.1:\d+\/users\/\d+ {2}200 OK/);
  assertStringIncludes(result.stdout, "✓ 8 passed, 0 failed (6 endpoints, 2 flows)");
  assertEquals(
    /demo-[0-9a-f]{8}-[0-9a-f]{4}/.test(result.stdout + result.stderr),
    false,
    "the demo token never shows",
  );
});
