/** `check --report <format>[=<file>]`, repeated: several reports from one run, files written whole. */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

const FILES = {
  "apis/users/get-user.md": endpoint({ path: "/users/1" }),
  "apis/orders/get-order.md": endpoint({
    path: "/orders/1",
    resource: "orders",
    expected: "HTTP/1.1 201 Created",
  }),
};

Deno.test("check writes junit and json files and github to stdout in one run", async () => {
  await using server = startTestApi(() => jsonResponse({ id: 1 }));
  await using ws = await workspace(collectionFiles(server.url, FILES));
  const result = await apispec([
    "check",
    "api-docs",
    "--report",
    "junit=out/junit.xml",
    "--report",
    "github",
    "--report=json=out/report.json",
  ], { cwd: ws.dir, env: { GITHUB_STEP_SUMMARY: ws.path("summary.md") } });
  assertEquals(result.code, 1, result.stderr);
  assertEquals(server.requests.length, 2, "one run feeds every report");
  assertStringIncludes(result.stdout, "::error file=api-docs/apis/orders/get-order.md,line=");
  assertEquals(result.stderr, "", "github carries the issues itself");

  const junit = await ws.read("out/junit.xml");
  assert(junit.startsWith('<?xml version="1.0"'));
  assertEquals(junit.match(/<testcase /g)?.length, 2);
  assertEquals(junit.match(/<failure /g)?.length, 1);
  const report = JSON.parse(await ws.read("out/report.json"));
  assertEquals(report.summary, { total: 2, passed: 1, failed: 1, skipped: 0 });
  assertStringIncludes(await ws.read("summary.md"), "## API contract check");
  // Written through a temp file and a rename: nothing else is left in the folder.
  assertEquals([...Deno.readDirSync(ws.path("out"))].map((e) => e.name).sort(), [
    "junit.xml",
    "report.json",
  ]);
});

Deno.test("check with every report in a file prints the markdown summary and issues", async () => {
  await using server = startTestApi(() => jsonResponse({ id: 1 }));
  await using ws = await workspace(collectionFiles(server.url, FILES));
  const result = await apispec(["check", "api-docs", "--report", "junit=junit.xml"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 1);
  assertStringIncludes(result.stdout, "## API contract check");
  assertStringIncludes(result.stdout, "**1 passed**, **1 failed**");
  assertStringIncludes(await ws.read("junit.xml"), "<testsuites");
});

Deno.test("check refuses two stdout reports, an unknown format and an unwritable file", async () => {
  await using server = startTestApi(() => jsonResponse({ id: 1 }));
  await using ws = await workspace(collectionFiles(server.url, FILES));
  const twice = await apispec(["check", "api-docs", "--report", "junit", "--report", "github"], {
    cwd: ws.dir,
  });
  assertEquals(twice.code, 2);
  assertStringIncludes(twice.stderr, "Only one report can go to stdout, got junit and github");
  assertStringIncludes(twice.stderr, "--report github=<file>");
  const unknown = await apispec(["check", "api-docs", "--report", "xml=out.xml"], { cwd: ws.dir });
  assertEquals(unknown.code, 2);
  assertStringIncludes(unknown.stderr, 'Unknown report format "xml"');
  assertEquals(server.requests.length, 0, "usage errors stop before any request");

  await ws.write("taken", "a file where a folder should be");
  const blocked = await apispec(["check", "api-docs", "--report", "junit=taken/junit.xml"], {
    cwd: ws.dir,
  });
  assertEquals(blocked.code, 3, blocked.stderr);
  assertStringIncludes(blocked.stderr, "Cannot write taken/junit.xml");
  assert(!blocked.stderr.includes("    at "), "no stack trace");
});
