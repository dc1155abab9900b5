/**
 * The composed flow of `artillery_flow_test.ts` exported for k6: its
 * structure (imports, the data file read into a SharedArray, a group for the
 * sub-flow, loops, the `When`, `sleep`s), then one iteration per data row
 * under the k6 stand-in (`k6_run.ts`) against the same loopback API, which
 * must receive what `apispec flow` would send.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";
import { curl, runUnderShim } from "./k6_run.ts";
import { POLLS_UNTIL_READY, startTeamApi } from "./team_api.ts";
import { PEOPLE, TEAM_COLLECTION, TEAM_TOKEN } from "./team_collection.ts";

Deno.test({
  name: "export k6 of a composed flow: groups, loops, if, sleep and a SharedArray, run row by row",
  ignore: !curl,
  fn: async () => {
    await using api = startTeamApi();
    await using ws = await workspace(collectionFiles(api.url, TEAM_COLLECTION));
    const exported = await apispec(
      ["export", "k6", "api-docs/flows/team-load.md", "--out", "load/team.js"],
      { cwd: ws.dir },
    );
    assertEquals(exported.code, 0, exported.stderr);
    assertStringIncludes(exported.stderr, "Wrote load/team.js: 1 scenario(s) for k6");
    const script = await ws.read("load/team.js");
    const imports = [...script.matchAll(/^import (.*) from "([^"]+)";$/gm)].map((m) =>
      `${m[1]} from ${m[2]}`
    );
    assertEquals(imports, [
      "http from k6/http",
      "{ check, group, sleep } from k6",
      "{ SharedArray } from k6/data",
      "exec from k6/execution",
    ]);
    // The data file is read where it is, relative to the script, once for every virtual user.
    assertStringIncludes(
      script,
      'new SharedArray("api-docs/data/people.csv", () => rows(open("../api-docs/data/people.csv"), "csv"))',
    );
    assertStringIncludes(script, 'if (group("Sign up", () => {');
    assertStringIncludes(script, 'for (const item of each(vars, "tasks", "Finish task")) {');
    assertStringIncludes(script, "sleep(0.02);");
    assertStringIncludes(
      script,
      'if (holds({ op: "equals", want: "admin" }, variable(vars, "role"))) {',
    );
    assert(!script.includes(TEAM_TOKEN));

    const run = await runUnderShim(ws.dir, "load/team.js", { APISPEC_AUTH_TOKEN: TEAM_TOKEN }, 3);
    assertEquals(run.checks.filter((c) => !c.passed), []);
    assert(run.checks.some((c) => c.name === "Wait ready: until body.state: equals ready"));
    assertEquals(run.groups, ["Sign up", "Sign up", "Sign up"]);
    // A Delay before each task of each person, an Every between status polls.
    assertEquals(run.sleeps.filter((s) => s === 0.02).length, 3 * 2 + 3 * (POLLS_UNTIL_READY - 1));

    const paths = api.requests.map((r) => `${r.method} ${r.path}`);
    const ids = [...api.users.keys()];
    assertEquals([...api.users.values()].map((u) => u.name), PEOPLE.map((p) => p.name));
    ids.forEach((id, row) => {
      const person = PEOPLE[row];
      assertEquals(paths.filter((p) => p.includes(`/users/${id}`)), [
        `GET /users/${id}`,
        `GET /users/${id}/tasks`,
        `POST /users/${id}/tasks/${id * 10 + 1}/done`,
        `POST /users/${id}/tasks/${id * 10 + 2}/done`,
        ...person.skills.map((s) => `PUT /users/${id}/skills/${s}`),
        ...(person.role === "admin" ? [`GET /users/${id}/audit`] : []),
        ...Array(POLLS_UNTIL_READY).fill(`GET /users/${id}/status`),
      ], person.name);
    });
    const signUps = api.requests.filter((r) => r.method === "POST" && r.path === "/users");
    assertEquals([...new Set(signUps.map((r) => r.headers.authorization))], [
      `Bearer ${TEAM_TOKEN}`,
    ]);
  },
});
