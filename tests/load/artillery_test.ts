/**
 * `apispec export artillery` produces a script that Artillery (npm
 * `artillery`, from tests/tools) runs unchanged against a loopback API: ids
 * captured from one response reach the next requests, secrets come from the
 * environment Artillery runs in, and the checks pass. The phase is tiny
 * (2 virtual users over 1 s) so the suite stays fast.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
// @ts-types="@types/js-yaml"
import yaml from "js-yaml";
import { apispec } from "../helpers/cli.ts";
import { startRecordsApi } from "../helpers/records_api.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";
import { LOAD_COLLECTION, TOKEN } from "./collection.ts";
import { artillery, runArtillery } from "./artillery_run.ts";

Deno.test({
  name: "export artillery: Artillery runs the script as is, captured ids chain, checks pass",
  ignore: artillery.path === undefined,
  fn: async () => {
    await using api = startRecordsApi({}, { holdMs: 0 });
    await using ws = await workspace(collectionFiles(api.url, LOAD_COLLECTION));
    const exported = await apispec([
      "export",
      "artillery",
      "api-docs/flows/post-lifecycle.md",
      "--duration",
      "1",
      "--rate",
      "2",
      "--out",
      "load.yml",
    ], { cwd: ws.dir, env: { APISPEC_AUTH_TOKEN: TOKEN } });
    assertEquals(exported.code, 0, exported.stderr);
    const script = await ws.read("load.yml");
    assert(!script.includes(TOKEN), "the secret stays out of the script");
    const parsed = yaml.load(script) as { config: { target: string }; scenarios: unknown[] };
    assertEquals(parsed.config.target, api.url);
    assertEquals(parsed.scenarios.length, 1);

    const { counters, output } = await runArtillery(ws.dir, "load.yml", {
      APISPEC_AUTH_TOKEN: TOKEN,
    });

    assertEquals(counters["vusers.failed"] ?? 0, 0, output);
    assertEquals(counters["plugins.expect.failed"] ?? 0, 0, output);
    assert(counters["plugins.expect.ok"] > 0);

    // Each virtual user created a post, then read and deleted that very post.
    const created = api.intervals.filter((i) => i.method === "POST").length;
    assertEquals(created, counters["vusers.created"]);
    for (const id of Array.from({ length: created }, (_, n) => 1000 + n)) {
      const calls = api.intervals.filter((i) => i.path === `/posts/${id}`);
      assertEquals(calls.map((i) => `${i.method} ${i.status}`), ["GET 200", "DELETE 204"]);
    }
    assertEquals(api.intervals.filter((i) => i.status >= 400), []);
    assertEquals(
      [...new Set(api.intervals.map((i) => i.authorization))],
      [`Bearer ${TOKEN}`],
      "the token came from Artillery's environment",
    );
    assertEquals(api.records.size, 0, "every created post was deleted");
  },
});

Deno.test({
  name: "export artillery of a folder: one scenario per flow and per standalone endpoint",
  ignore: artillery.path === undefined,
  fn: async () => {
    await using api = startRecordsApi({}, { holdMs: 0 });
    await using ws = await workspace(collectionFiles(api.url, LOAD_COLLECTION));
    const exported = await apispec(["export", "artillery", "api-docs"], { cwd: ws.dir });
    assertEquals(exported.code, 0, exported.stderr);
    const parsed = yaml.load(exported.stdout) as {
      config: { phases: { duration: number; arrivalRate: number }[] };
      scenarios: { name: string }[];
    };
    assertEquals(parsed.config.phases, [{ name: "apispec", duration: 60, arrivalRate: 5 }]);
    assertEquals(parsed.scenarios.map((s) => s.name), ["Create post", "Post lifecycle"]);
    assertStringIncludes(exported.stdout, "{{ $env.APISPEC_AUTH_TOKEN }}");
  },
});
