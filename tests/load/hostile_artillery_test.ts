/**
 * The Artillery script and its processor are built by construction: every
 * hostile string (tests/helpers/hostile_strings.ts) stays data. The YAML is
 * read back with the js-yaml Artillery itself uses, the processor is
 * `require`d by Node with a canary and its functions called, and Artillery
 * runs the script against an echo API that must receive each string byte for
 * byte. Text Artillery would read as its own template (`{{…}}`, which it
 * cannot send literally) is refused with the reason, never written.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { toArtillery } from "../../src/convert/load/to_artillery.ts";
import { apispec, baseEnv, ROOT } from "../helpers/cli.ts";
import { HOSTILE, JS_CANARY } from "../helpers/hostile_strings.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { flowFile } from "../flow/helpers.ts";
import { headerSafe, hostileNodes, hostilePlan, startEchoApi, wire } from "./hostile_plan.ts";
import { runUnderShim } from "./k6_run.ts";
import { artillery, runArtillery } from "./artillery_run.ts";

const TOOLS = `${ROOT}/tests/tools/node_modules`;

interface Loaded {
  script: {
    scenarios: { name: string; flow: Record<string, Record<string, unknown>>[] }[];
  };
  exports: string[];
  /** Each Until's failure message, from calling its functions on a response that never matches. */
  failures: string[];
  pwned: unknown;
}

/** Reads the script with Artillery's js-yaml and requires the processor, as `artillery run` does. */
const LOAD = `
const yaml = require("js-yaml");
const script = yaml.safeLoad(require("fs").readFileSync("load.yml", "utf8"));
const processor = require("./load.processor.cjs");
const failures = [];
for (const name of Object.keys(processor).filter((n) => n.endsWith("_seen"))) {
  const id = name.slice(0, -"_seen".length);
  const context = { vars: {} };
  processor[name]({}, { statusCode: 500, headers: {}, body: "{}" }, context, null, () => {});
  processor[id + "_done"](context, null, (error) => failures.push(error && error.message));
}
console.log(JSON.stringify({
  script, exports: Object.keys(processor), failures, pwned: globalThis.${JS_CANARY} ?? null,
}));
`;

async function node(dir: string, code: string): Promise<string> {
  const output = await new Deno.Command("node", {
    args: ["-e", code],
    cwd: dir,
    env: { ...baseEnv(), NODE_PATH: TOOLS },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assertEquals(output.code, 0, new TextDecoder().decode(output.stderr));
  return new TextDecoder().decode(output.stdout);
}

const templated = (text: string) => text.includes("{{");

Deno.test({
  name: "export artillery: hostile strings stay data in the YAML, the processor and on the wire",
  ignore: artillery.path === undefined,
  fn: async () => {
    await using api = startEchoApi();
    await using ws = await workspace();
    const written = toArtillery(hostilePlan(api.url));

    // Text Artillery would expand is refused, and nothing else.
    assertEquals(
      written.refused.map((r) => r.scenario),
      HOSTILE.filter((h) => templated(h.text)).map((h) => h.text),
    );
    for (const refusal of written.refused) {
      assertStringIncludes(refusal.issues[0].message, "Artillery expands as its own template");
    }
    await ws.write("load.yml", written.text);
    for (const file of written.files) await ws.write(file.name, file.text);

    const loaded = JSON.parse(await node(ws.dir, LOAD)) as Loaded;
    assertEquals(loaded.pwned, null, "requiring the processor ran no payload");
    const kept = HOSTILE.filter((h) => !templated(h.text));
    assertEquals(loaded.script.scenarios.map((s) => s.name), kept.map((h) => h.text));
    assertEquals(
      loaded.failures,
      kept.map((h) => `${h.text}: until ${h.text} did not hold after 2 attempts`),
    );
    kept.forEach((h, i) => {
      const loop = loaded.script.scenarios[i].flow.find((step) => "loop" in step)!;
      assertEquals(loop.over, [h.text], h.name);
    });

    // Artillery runs one scenario holding every kept string's steps: one virtual user.
    const nodes = HOSTILE.flatMap((h, i) => (templated(h.text) ? [] : hostileNodes(h, i, api.url)));
    const all = toArtillery(hostilePlan(api.url, [{ name: "all", source: "all", nodes }]));
    assertEquals(all.refused, []);
    await ws.write("load.yml", all.text);
    for (const file of all.files) await ws.write(file.name, file.text);
    const { counters, output } = await runArtillery(ws.dir, "load.yml");
    assertEquals(counters["vusers.failed"] ?? 0, 0, output);
    assertEquals(counters["plugins.expect.failed"] ?? 0, 0, output);
    assert(counters["plugins.expect.ok"] > 0);

    HOSTILE.forEach((h, i) => {
      if (templated(h.text)) return;
      const posts = api.requests.filter((r) =>
        r.method === "POST" && (r.path.startsWith(`/echo/${i}?`) || r.path === `/echo/${i}`)
      );
      assertEquals(posts.length, 1, h.name);
      assertEquals(posts[0].body, wire(h.text), `${h.name}: the body arrived as written`);
      if (headerSafe(h.text)) assertEquals(posts[0].headers["x-hostile"], h.text, h.name);
      // The `When` compares the capture with the string: the read runs only when it was intact.
      assertEquals(api.requests.filter((r) => r.path === `/echo/${i}/again`).length, 1, h.name);
    });
  },
});

Deno.test({
  name:
    "export artillery: a step name that closes a comment is not run when Artillery loads the processor (issue 30)",
  ignore: artillery.path === undefined,
  fn: async () => {
    await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
      "apis/echo/get-echo.md": endpoint({
        path: "/echo",
        resource: "echo",
        title: HOSTILE[0].text,
      }),
      "flows/evil.md": flowFile([{
        name: HOSTILE[1].text,
        endpoint: "apis/echo/get-echo.md",
        lines: ["Until: `status: equals 200`"],
      }]),
    }));
    const exported = await apispec([
      "export",
      "artillery",
      "api-docs/flows/evil.md",
      "--out",
      "load.yml",
    ], {
      cwd: ws.dir,
    });
    assertEquals(exported.code, 0, exported.stderr);
    const loaded = JSON.parse(await node(ws.dir, LOAD)) as Loaded;
    assertEquals(loaded.pwned, null);
    assertEquals(loaded.failures, [
      `${HOSTILE[1].text}: until status: equals 200 did not hold after 10 attempts`,
    ]);
  },
});

Deno.test("export artillery refuses data Artillery would expand as a template; k6 sends it as written", async () => {
  await using api = startEchoApi();
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/echo/post-echo.md": endpoint({
      method: "POST",
      path: "/echo/0",
      resource: "echo",
      request: `POST {{baseUrl}}/echo/0\nContent-Type: text/plain\n\n{{note}}`,
    }),
    "flows/notes.md": flowFile([{ name: "Post", endpoint: "apis/echo/post-echo.md" }], {
      data: "../data/notes.csv",
    }),
    "data/notes.csv": 'note\n"{{ $env.HOME }}"\n',
  }));
  const flow = "api-docs/flows/notes.md";
  const refused = await apispec(["export", "artillery", flow, "--out", "load.yml"], {
    cwd: ws.dir,
  });
  assertEquals(refused.code, 2, refused.stderr);
  assertStringIncludes(refused.stderr, "which Artillery expands as its own template");
  assertStringIncludes(refused.stderr, "Export k6");
  assert(!(await ws.exists("load.yml")));

  const k6 = await apispec(["export", "k6", flow, "--out", "load.js"], { cwd: ws.dir });
  assertEquals(k6.code, 0, k6.stderr);
  const run = await runUnderShim(ws.dir, "load.js", { HOME: "/secret-home" });
  assertEquals(run.checks.map((c) => c.passed), [true]);
  assertEquals(api.requests.map((r) => r.body), ["{{ $env.HOME }}"]);
});
