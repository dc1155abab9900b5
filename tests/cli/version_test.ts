import { assertEquals } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import config from "../../deno.json" with { type: "json" };

Deno.test("version and --version print the program version (exit 0)", async () => {
  for (const args of [["version"], ["--version"]]) {
    const result = await apispec(args);
    assertEquals(result.code, 0, result.stderr);
    assertEquals(result.stdout, `apispec ${config.version}\n`);
  }
});

Deno.test("a group word alone lists its subcommands and exits 2", async () => {
  const result = await apispec(["skills"]);
  assertEquals(result.code, 2);
  for (const sub of ["skills install", "skills list", "skills uninstall"]) {
    assertEquals(result.stderr.includes(sub), true, result.stderr);
  }
  const help = await apispec(["skills", "--help"]);
  assertEquals(help.code, 0);
  assertEquals(help.stdout.includes("skills uninstall"), true);
});
