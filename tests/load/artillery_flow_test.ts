/**
 * A composed flow (sub-flow, loop over a captured list, `When`, `Delay`,
 * `Until`, CSV data) exported for Artillery and run by Artillery itself
 * (tests/tools) against a loopback API: one virtual user per data row, so the
 * API must see each person signed up once, their own tasks finished, the
 * audit read for the admin only, and each status polled until ready. The
 * phase is tiny (3 virtual users over 1 s) so the suite stays fast.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
// @ts-types="@types/js-yaml"
import yaml from "js-yaml";
import { apispec } from "../helpers/cli.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";
import { POLLS_UNTIL_READY, startTeamApi } from "./team_api.ts";
import { PEOPLE, TEAM_COLLECTION, TEAM_TOKEN } from "./team_collection.ts";
import { artillery, runArtillery } from "./artillery_run.ts";

Deno.test({
  name: "export artillery of a composed flow: Artillery runs it as apispec would, row by row",
  ignore: artillery.path === undefined,
  fn: async () => {
    await using api = startTeamApi();
    await using ws = await workspace(collectionFiles(api.url, TEAM_COLLECTION));
    const exported = await apispec(
      ["export", "artillery", "api-docs/flows/team-load.md", "--duration", "1", "--rate", "3"]
        .concat(["--out", "load/team.yml"]),
      { cwd: ws.dir },
    );
    assertEquals(exported.code, 0, exported.stderr);
    assertStringIncludes(
      exported.stderr,
      "Wrote load/team.yml and load/team.processor.cjs: 1 scenario(s) for artillery",
    );
    const script = await ws.read("load/team.yml");
    const parsed = yaml.load(script) as {
      config: { payload: unknown[]; processor: string };
      scenarios: { flow: Record<string, unknown>[] }[];
    };
    assertEquals(parsed.config.payload, [{
      path: "../api-docs/data/people.csv",
      fields: ["name", "role", "skills"],
      skipHeader: true,
      order: "sequence",
      cast: false,
    }]);
    assertEquals(parsed.config.processor, "./team.processor.cjs");
    const flow = parsed.scenarios[0].flow;
    // The sub-flow's steps are inlined, named under it; the loop, condition and pause are Artillery's own.
    assertEquals(flow.map((step) => Object.keys(step)[0]), [
      // CSV cells are text: the processor reads the skills column as JSON for its loop.
      "function",
      "post",
      "get",
      "get",
      "loop",
      "loop",
      "get",
      "loop",
      "function",
    ]);
    assertEquals((flow[1].post as { name: string }).name, "Sign up › Create");
    assertEquals([flow[4].over, flow[4].loopElement], ["tasks", "task"]);
    assertEquals((flow[4].loop as unknown[])[0], { think: "20ms" });
    assertEquals([flow[5].over, flow[5].loopElement], ["skills", "skill"]);
    assertEquals((flow[6].get as { ifTrue: string }).ifTrue, 'role == "admin"');
    assert(!script.includes(TEAM_TOKEN));

    const { counters, output } = await runArtillery(ws.dir, "load/team.yml", {
      APISPEC_AUTH_TOKEN: TEAM_TOKEN,
    });
    assertEquals(counters["vusers.created"], PEOPLE.length, output);
    assertEquals(counters["vusers.failed"] ?? 0, 0, output);
    assertEquals(counters["plugins.expect.failed"] ?? 0, 0, output);

    // One virtual user per row: each person signed up once, with the token from Artillery's environment.
    const signUps = api.requests.filter((r) => r.method === "POST" && r.path === "/users");
    assertEquals(
      signUps.map((r) => JSON.parse(r.body).name).sort(),
      PEOPLE.map((p) => p.name).sort(),
    );
    assertEquals([...new Set(signUps.map((r) => r.headers.authorization))], [
      `Bearer ${TEAM_TOKEN}`,
    ]);
    const paths = api.requests.map((r) => `${r.method} ${r.path}`);
    for (const [id, person] of api.users) {
      const own = paths.filter((p) => p.includes(`/users/${id}`));
      assertEquals(own.filter((p) => !p.endsWith("/status")), [
        `GET /users/${id}`,
        `GET /users/${id}/tasks`,
        // The loop ran over this person's captured tasks, in order.
        `POST /users/${id}/tasks/${id * 10 + 1}/done`,
        `POST /users/${id}/tasks/${id * 10 + 2}/done`,
        // The loop over the data row's JSON list: none for an empty list.
        ...PEOPLE.find((p) => p.name === person.name)!.skills.map((s) =>
          `PUT /users/${id}/skills/${s}`
        ),
        // The When skipped the audit of members.
        ...(person.role === "admin" ? [`GET /users/${id}/audit`] : []),
      ], person.name);
      // Until polled until ready, and no further.
      assertEquals(own.filter((p) => p.endsWith("/status")).length, POLLS_UNTIL_READY, person.name);
    }
  },
});
