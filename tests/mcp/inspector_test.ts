/**
 * The MCP Inspector's CLI mode lists and calls the tools. It is fetched with
 * npx, so the test is skipped when the npm registry cannot be reached (or
 * when APISPEC_SKIP_INSPECTOR=1).
 */
import { assertEquals } from "@std/assert";
import { ROOT } from "../helpers/cli.ts";
import { demoProject } from "../helpers/demo.ts";
import { TOOL_NAMES } from "../helpers/mcp.ts";

const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";

async function registryReachable(): Promise<boolean> {
  if (Deno.env.get("APISPEC_SKIP_INSPECTOR") === "1") return false;
  try {
    const probe = await new Deno.Command("npm", {
      args: ["view", INSPECTOR, "version"],
      stdout: "null",
      stderr: "null",
      signal: AbortSignal.timeout(30_000),
    }).output();
    return probe.success;
  } catch {
    return false;
  }
}

async function inspect(cwd: string, args: string[]): Promise<{ code: number; stdout: string }> {
  const catalog = await Deno.makeTempFile({ prefix: "mcp-catalog-", suffix: ".json" });
  try {
    const output = await new Deno.Command("npx", {
      args: [
        "-y",
        INSPECTOR,
        "--cli",
        Deno.execPath(),
        "run",
        "-A",
        "--quiet",
        `${ROOT}/main.ts`,
        "mcp",
        ...args,
      ],
      cwd,
      // The inspector writes a catalog to ~/.mcp-inspector unless told where.
      env: { MCP_CATALOG_PATH: catalog, NO_COLOR: "1" },
      stdout: "piped",
      stderr: "null",
      signal: AbortSignal.timeout(240_000),
    }).output();
    return { code: output.code, stdout: new TextDecoder().decode(output.stdout) };
  } finally {
    await Deno.remove(catalog).catch(() => {});
  }
}

Deno.test({
  name: "the MCP Inspector CLI lists the tools and calls apispec_search",
  ignore: !(await registryReachable()),
  fn: async () => {
    await using demo = await demoProject();
    const list = await inspect(demo.ws.dir, ["--method", "tools/list"]);
    assertEquals(list.code, 0, list.stdout);
    const names = JSON.parse(list.stdout).tools.map((t: { name: string }) => t.name);
    assertEquals(names, TOOL_NAMES);
    const call = await inspect(demo.ws.dir, [
      "--method",
      "tools/call",
      "--tool-name",
      "apispec_search",
      "--tool-arg",
      "q=user",
    ]);
    assertEquals(call.code, 0, call.stdout);
    assertEquals(JSON.parse(call.stdout).structuredContent.count, 4);
  },
});
