/**
 * `apispec export arazzo`: the document validates against the Arazzo 1.0
 * schema, and Redocly's `respect` runs it unchanged against the demo API on
 * 127.0.0.1, each step using the values the previous ones captured.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
// @ts-types="@types/js-yaml"
import yaml from "js-yaml";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { apispec } from "../helpers/cli.ts";
import { CORPORA } from "../helpers/corpus.ts";
import { type DemoProject, demoProject } from "../helpers/demo.ts";
import { redocly, redoclyUnavailable } from "../helpers/redocly.ts";

type Obj = Record<string, unknown>;
const FLOW = "api-docs/flows/user-onboarding.md";

async function arazzoSchemaErrors(document: unknown): Promise<string[]> {
  const schema = yaml.load(await Deno.readTextFile(`${CORPORA}/arazzo/schema-v1.0.yaml`));
  const ajv = new Ajv2020.default({ strict: false, allErrors: true });
  // deno-lint-ignore no-explicit-any
  (addFormats as any).default(ajv);
  const validate = ajv.compile(schema as object);
  return validate(document)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

Deno.test("export arazzo: one workflow per flow, steps, outputs and chained references; valid Arazzo 1.0", async () => {
  await using demo = await demoProject();
  const cwd = demo.ws.dir;
  const written = await apispec(
    ["export", "arazzo", FLOW, "--out", "out/onboarding.arazzo.yaml"],
    { cwd },
  );
  assertEquals(written.code, 0, written.stderr);
  assertStringIncludes(written.stderr, "Wrote out/onboarding.openapi.yaml");
  const doc = yaml.load(await demo.ws.read("out/onboarding.arazzo.yaml")) as Obj;
  assertEquals(await arazzoSchemaErrors(doc), []);
  assertEquals(doc.sourceDescriptions, [
    { name: "demo-shop", url: "./onboarding.openapi.yaml", type: "openapi" },
  ]);
  const [workflow] = doc.workflows as Obj[];
  assertEquals(workflow.workflowId, "user-onboarding");
  const steps = workflow.steps as Obj[];
  assertEquals(steps.map((s) => s.stepId), ["create-user", "read-user", "delete-user"]);
  assertEquals(steps.map((s) => s.description), ["Create user", "Read user", "Delete user"]);
  // Every operationId exists in the OpenAPI document written beside it.
  const openapi = yaml.load(await demo.ws.read("out/onboarding.openapi.yaml")) as {
    paths: Record<string, Record<string, { operationId: string }>>;
  };
  const ids = Object.values(openapi.paths).flatMap((item) =>
    Object.values(item).map((op) => op.operationId)
  );
  for (const step of steps) {
    assert(ids.includes(step.operationId as string), String(step.operationId));
  }
  assertEquals(steps[0].outputs, {
    userId: "$response.body#/id",
    userName: "$response.body#/name",
    userUrl: "$response.header.location",
  });
  assertEquals(steps[0].successCriteria, [{ condition: "$statusCode == 201" }]);
  assertEquals((steps[0].requestBody as Obj).payload, {
    name: "Grace Hopper",
    email: "grace@example.com",
    role: "member",
  });
  assertEquals((steps[1].parameters as Obj[])[0], {
    name: "userId",
    in: "path",
    value: "$steps.create-user.outputs.userId",
  });
  assertEquals(steps[1].successCriteria, [
    { condition: "$statusCode == 200" },
    { condition: "$response.body#/name == $steps.create-user.outputs.userName" },
  ]);
  // The token is never written: it is a workflow input.
  assertEquals((workflow.inputs as Obj).properties, { authToken: { type: "string" } });
  assert(!(await demo.ws.read("out/onboarding.arazzo.yaml")).includes(demo.api.token));
});

Deno.test("export arazzo: a missing flow or an operation the given document lacks exits 2", async () => {
  await using demo = await demoProject({
    "partial.yaml": "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /users:\n" +
      "    post:\n      operationId: createUser\n      responses: {'201': {description: ok}}\n",
  });
  const cwd = demo.ws.dir;
  const missing = await apispec(["export", "arazzo", "api-docs/flows/nope.md"], { cwd });
  assertEquals(missing.code, 2);
  assertStringIncludes(missing.stderr, "nope.md");
  const partial = await apispec(["export", "arazzo", FLOW, "--openapi", "partial.yaml"], { cwd });
  assertEquals(partial.code, 2);
  assertStringIncludes(
    partial.stderr,
    "GET /users/:userId is not an operation of the OpenAPI document",
  );
  assertStringIncludes(partial.stderr, "user-onboarding.md:");
});

Deno.test("export arazzo: a flow with sub-flows or loops is refused alone and left out of a folder, named", async () => {
  await using demo = await demoProject();
  const cwd = demo.ws.dir;
  const alone = await apispec(["export", "arazzo", "api-docs/flows/team-onboarding.md"], { cwd });
  assertEquals(alone.code, 2);
  assertStringIncludes(alone.stderr, "team-onboarding.md cannot be written as Arazzo");
  const folder = await apispec(["export", "arazzo", "api-docs", "--out", "shop.arazzo.yaml"], {
    cwd,
  });
  assertEquals(folder.code, 0, folder.stderr);
  assertStringIncludes(folder.stderr, "team-onboarding.md is left out");
  const doc = yaml.load(await demo.ws.read("shop.arazzo.yaml")) as Obj;
  assertEquals((doc.workflows as Obj[]).map((w) => w.workflowId), ["user-onboarding"]);
});

/** Runs an Arazzo document with Redocly respect against the demo API; the requests it sent. */
async function respect(demo: DemoProject, file: string, extra: string[] = []): Promise<string[]> {
  const before = demo.api.requests.length;
  const run = await redocly([
    "respect",
    file,
    "-S",
    `demo-shop=${demo.api.url}`,
    "-i",
    `authToken=${demo.api.token}`,
    ...extra,
    // Deno keeps Redocly's per-request timers alive after the run: a short one ends it sooner.
    "--max-fetch-timeout",
    "3000",
  ], demo.ws.dir);
  assertEquals(run.code, 0, run.stdout + run.stderr);
  return demo.api.requests.slice(before).map((r) => `${r.method} ${r.path}`);
}

const unavailable = await redoclyUnavailable();
if (unavailable) console.log(`skipping the Redocly respect/lint test: ${unavailable}`);

Deno.test({
  name: "export arazzo runs unchanged with Redocly respect; captured values chain; lint passes",
  ignore: unavailable !== undefined,
  fn: async () => {
    await using demo = await demoProject();
    const cwd = demo.ws.dir;
    const exported = await apispec(["export", "arazzo", "api-docs", "--out", "shop.arazzo.yaml"], {
      cwd,
    });
    assertEquals(exported.code, 0, exported.stderr);
    const lint = await redocly(["lint", "shop.arazzo.yaml"], cwd);
    assertEquals(lint.code, 0, lint.stdout + lint.stderr);
    const sent = await respect(demo, "shop.arazzo.yaml", ["-J", "respect.json"]);
    // The id the POST answered is the one the GET and the DELETE use.
    const report = JSON.parse(await demo.ws.read("respect.json"));
    const steps = report.files["shop.arazzo.yaml"].executedWorkflows[0].executedSteps;
    const created = steps[0].response.body.id;
    assertEquals(typeof created, "number");
    assertEquals(sent, ["POST /users", `GET /users/${created}`, `DELETE /users/${created}`]);
    assertEquals(steps.map((s: { stepId: string }) => s.stepId), [
      "create-user",
      "read-user",
      "delete-user",
    ]);
  },
});

Deno.test({
  name:
    "export arazzo maps the request line's placeholders to the operation's parameters; respect runs it",
  ignore: unavailable !== undefined,
  fn: async () => {
    await using demo = await demoProject();
    const cwd = demo.ws.dir;
    // The frontmatter names the parameter `id`; the request fills it from `{{userId}}`,
    // which the flow captures: the Arazzo step must send the captured id, not `$inputs.id`.
    for (
      const file of ["api-docs/apis/users/get-user-by-id.md", "api-docs/apis/users/delete-user.md"]
    ) {
      const text = await demo.ws.read(file);
      await demo.ws.write(
        file,
        text.replace("path: /users/:userId", "path: /users/:id")
          .replace(
            /(GET|DELETE) \{\{baseUrl\}\}\/users\/:userId/,
            "$1 {{baseUrl}}/users/{{userId}}",
          )
          .replace("  userId: 1\n", "  userId: 1\n  trace: onboarding\n")
          .replace("Accept: application/json", "Accept: application/json\nx-trace-id: {{trace}}"),
      );
    }
    const exported = await apispec(["export", "arazzo", FLOW, "--out", "shop.arazzo.yaml"], {
      cwd,
    });
    assertEquals(exported.code, 0, exported.stderr);
    const doc = yaml.load(await demo.ws.read("shop.arazzo.yaml")) as Obj;
    const steps = (doc.workflows as Obj[])[0].steps as Obj[];
    assertEquals((steps[1].parameters as Obj[]).filter((p) => p.in !== "header"), [
      { name: "id", in: "path", value: "$steps.create-user.outputs.userId" },
    ]);
    assert(
      (steps[1].parameters as Obj[]).some((p) => p.in === "header" && p.value === "onboarding"),
    );
    assertEquals((steps[2].parameters as Obj[])[0], {
      name: "id",
      in: "path",
      value: "$steps.create-user.outputs.userId",
    });
    const sent = await respect(demo, "shop.arazzo.yaml");
    assertEquals(sent.length, 3);
    const id = sent[1].split("/").pop();
    assert(/^\d+$/.test(id!), sent.join(", "));
    assertEquals(sent, ["POST /users", `GET /users/${id}`, `DELETE /users/${id}`]);
  },
});
