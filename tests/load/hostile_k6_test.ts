/**
 * The k6 script is built by construction: every hostile string
 * (tests/helpers/hostile_strings.ts), in every place the writer puts text,
 * stays data. The script is evaluated and run under the stand-in for k6's
 * modules against an echo API; a payload that ran would set the canary, a
 * string that broke its literal would fail to load or fail a check.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { toK6 } from "../../src/convert/load/to_k6.ts";
import { apispec } from "../helpers/cli.ts";
import { HOSTILE } from "../helpers/hostile_strings.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { flowFile } from "../flow/helpers.ts";
import { curl, runUnderShim } from "./k6_run.ts";
import { ALL_HOSTILE, headerSafe, hostilePlan, startEchoApi, wire } from "./hostile_plan.ts";

/** A `When` reads a captured text that is JSON as JSON (as apispec does): only other text equals itself. */
function readsAsText(text: string): boolean {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

Deno.test({
  name: "export k6: hostile strings in names, paths, headers, bodies, rules and comments stay data",
  ignore: !curl,
  fn: async () => {
    await using api = startEchoApi();
    await using ws = await workspace();
    const script = toK6(hostilePlan(api.url));
    assertStringIncludes(script.text, "// Not checked under load:");
    await ws.write("load.js", script.text);

    const run = await runUnderShim(ws.dir, "load.js", {});
    assertEquals(run.pwned, null, "no payload ran");
    const failed = run.checks.filter((c) => !c.passed).map((c) => c.name);
    assertEquals(failed, []);

    HOSTILE.forEach((h, i) => {
      const text = wire(h.text);
      const posts = api.requests.filter((r) =>
        r.method === "POST" && (r.path.startsWith(`/echo/${i}?`) || r.path === `/echo/${i}`)
      );
      assertEquals(posts.length, 1, h.name);
      assertEquals(posts[0].body, text, `${h.name}: the body arrived as written`);
      if (headerSafe(h.text)) assertEquals(posts[0].headers["x-hostile"], h.text, h.name);
      if (h.text.length < 2000) {
        assertEquals(new URL(posts[0].path, api.url).searchParams.get("q"), text, h.name);
      }
      const sent = run.requests.find((r) => r.method === "POST" && r.url.includes(`/echo/${i}`));
      assertEquals(sent?.tags.name, h.text, `${h.name}: the step name is the request's tag`);
      assert(run.checks.some((c) => c.name === `${h.text}: status 200`), h.name);
      // The `When` compares the capture with the string, so the read runs only when it was intact.
      const reads = api.requests.filter((r) => r.path === `/echo/${i}/again`).length;
      assertEquals(reads, readsAsText(text) ? 1 : 0, `${h.name}: the When held`);
    });
    assert(run.groups.includes(HOSTILE[0].text));
    assertStringIncludes(script.text, ALL_HOSTILE.slice(0, 20));
  },
});

Deno.test({
  name:
    "export k6: an endpoint title and a step name that close a comment stay comment text (issues 23, 30)",
  ignore: !curl,
  fn: async () => {
    await using api = startEchoApi();
    const title = HOSTILE[0].text;
    const step = HOSTILE[1].text;
    await using ws = await workspace(collectionFiles(api.url, {
      "apis/echo/post-echo.md": endpoint({
        method: "POST",
        path: "/echo/0",
        resource: "echo",
        title,
        request: `POST {{baseUrl}}/echo/0\nContent-Type: text/plain\n\n${title}`,
        expected: "HTTP/1.1 200 OK",
      }),
      "flows/evil.md": flowFile([{ name: step, endpoint: "apis/echo/post-echo.md" }]),
    }));
    for (const target of ["api-docs/apis/echo/post-echo.md", "api-docs/flows/evil.md"]) {
      const exported = await apispec(["export", "k6", target, "--out", "load.js"], {
        cwd: ws.dir,
      });
      assertEquals(exported.code, 0, exported.stderr);
      const run = await runUnderShim(ws.dir, "load.js", {});
      assertEquals(run.pwned, null, `${target}: no payload ran`);
      assertEquals(run.checks.map((c) => c.passed), [true], target);
    }
    assertEquals(api.requests.map((r) => r.body), [title, title]);
  },
});
