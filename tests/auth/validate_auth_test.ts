/** validate knows the auth and transport fields: a mistake names the file, the line and a fix. */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

Deno.test("validate reports bad oauth2/tls/proxy/apiKey fields with file, line and fix (exit 2)", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "project.md": "---\nname: t\nversion: 1\nauth: oauth2\noauth2:\n  grant: implicit\n" +
      "  tokenUrl: https://id/token\ntls:\n  cert: client.pem\nproxy: proxy.internal:3128\n---\n",
    "apis/x/get-x.md": endpoint({
      path: "/x",
      resource: "x",
      frontmatter: "auth: apikey\napiKey: {in: body, name: k}\ncookies: no\n",
    }),
  }));
  const result = await apispec(["validate", "api-docs", "--output=json"], { cwd: ws.dir });
  assertEquals(result.code, 2, result.stdout);
  const issues = JSON.stringify(json(result));
  for (
    const expected of [
      '"oauth2.grant\\" has invalid value \\"implicit\\"',
      "tls.cert",
      'Field \\"proxy\\" must be an http:// or https:// URL',
      '"apiKey.in\\" has invalid value \\"body\\"',
      'Field \\"cookies\\" must be true or false',
    ]
  ) assertStringIncludes(issues, expected);
  assertStringIncludes(issues, '"line":6');
});
