/**
 * A committed file or an API's answer cannot drive the terminal: control
 * characters in what apispec prints (a source line under an error, a
 * response body) reach it escaped, and JSON output stays valid JSON.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, apispecOnTerminal, baseEnv, hasScript } from "../helpers/cli.ts";
import { startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

/** Set the window title, clear the screen, write the clipboard (OSC 52), hide what follows. */
const HOSTILE = "\x1b]0;pwned\x07\x1b[2J\x1b]52;c;cm0gLXJmIH4=\x07\x1b[8m";

// deno-lint-ignore no-control-regex
const raw = (text: string) => /[\x00-\x08\x0b-\x1f\x7f-\x9f]/.test(text);

Deno.test("validate shows a hostile source line escaped", async () => {
  await using ws = await workspace({
    "api-docs/apis/x/get-x.md": endpoint({ frontmatter: `tags: [${HOSTILE}]\n` }),
  });
  const result = await apispec(["validate", "api-docs"], { cwd: ws.dir, color: true });
  assertEquals(result.code, 2, result.stderr);
  // deno-lint-ignore no-control-regex
  assertEquals(raw(result.stderr.replace(/\x1b\[(1|2|22|31|32|33|36|39)m/g, "")), false);
  assertStringIncludes(result.stderr, "\\u001b]0;pwned\\u0007\\u001b[2J\\u001b]52;c;");
});

Deno.test("exec -v shows a hostile response escaped; its JSON record stays valid", async () => {
  await using api = startTestApi(() =>
    new Response(`ok ${HOSTILE} \x7f\x9b done`, { headers: { "content-type": "text/plain" } })
  );
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/x/get-x.md": endpoint({ path: "/x", expected: "HTTP/1.1 200 OK\n\nsomething else" }),
  }));
  const shown = await apispec(["exec", "api-docs/apis/x/get-x.md", "-v"], { cwd: ws.dir });
  assertEquals(shown.code, 1, shown.stderr);
  assertEquals(raw(shown.stdout), false, "no raw control character");
  assertStringIncludes(shown.stdout, "< ok \\u001b]0;pwned\\u0007");
  const json = await apispec(["exec", "api-docs/apis/x/get-x.md", "-v", "--output=json"], {
    cwd: ws.dir,
  });
  const record = JSON.parse(json.stdout) as { response: { body: string } };
  assertEquals(record.response.body, `ok ${HOSTILE} \x7f\x9b done`);
  assert(!raw(json.stdout));
});

Deno.test({
  name: "colour codes in a response cannot spoof apispec's own colours on a terminal",
  ignore: !(await hasScript()),
  fn: async () => {
    // A body that paints a fake green PASS line, bold, and resets.
    const spoof = "\x1b[32m\x1b[1mPASS\x1b[22m\x1b[39m all good \x1b[31mred\x1b[0m";
    await using api = startTestApi(() =>
      new Response(spoof, { headers: { "content-type": "text/plain" } })
    );
    await using ws = await workspace(collectionFiles(api.url, {
      "apis/x/get-x.md": endpoint({ path: "/x", expected: "HTTP/1.1 200 OK\n\nsomething else" }),
    }));
    const { NO_COLOR: _, ...env } = baseEnv();
    const shown = await apispecOnTerminal(["exec", "api-docs/apis/x/get-x.md", "-v"], ws.dir, env);
    // apispec's own colours are there (a red FAIL)...
    assertStringIncludes(shown, "\x1b[31m");
    assertStringIncludes(shown, "FAIL");
    // ...and the body's codes are shown escaped, none of them raw.
    assertStringIncludes(shown, "\\u001b[32m\\u001b[1mPASS\\u001b[22m\\u001b[39m all good");
    const bodyLine = shown.split("\n").find((line) => line.includes("all good"))!;
    const body = bodyLine.replace("\x1b[2m< \x1b[22m", ""); // apispec's own dim "< "
    assertEquals(body.includes("\x1b["), false, JSON.stringify(bodyLine));
  },
});
