/** `apispec export artillery|k6` refuses what cannot become a script, naming the problem and the fix. */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

Deno.test("export artillery|k6: a missing variable, file or environment, or a zero rate exits 2", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "apis/users/get-user.md": endpoint({ path: "/users/:userId" }),
  }));
  const cases: [string[], string][] = [
    [["export", "k6", "api-docs/apis/users/get-user.md"], 'Variable "userId" is not defined'],
    [["export", "artillery", "api-docs/flows/none.md"], "does not exist"],
    [
      ["export", "artillery", "api-docs", "--env", "staging"],
      'Environment "staging" is not defined',
    ],
    [["export", "k6", "api-docs", "--rate", "0"], "--rate must be at least 1"],
  ];
  for (const [args, message] of cases) {
    const result = await apispec(args, { cwd: ws.dir });
    assertEquals(result.code, 2, `${args.join(" ")}: ${result.stderr}`);
    assertStringIncludes(result.stderr, message);
    assertEquals(result.stdout, "");
    assert(!result.stderr.includes("    at "), "no stack trace");
  }
  const fixed = await apispec(["export", "k6", "api-docs", "--var", "userId=7"], { cwd: ws.dir });
  assertEquals(fixed.code, 0, fixed.stderr);
  assertStringIncludes(fixed.stdout, '"http://127.0.0.1:9/users/7"');
});
