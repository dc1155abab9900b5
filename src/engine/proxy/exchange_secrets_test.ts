import { assertEquals } from "@std/assert";
import { deepMask, MASK } from "../secrets/mask.ts";
import { exchangeSecrets } from "./exchange_secrets.ts";

Deno.test("exchangeSecrets() finds credentials in headers, query and bodies of both sides", () => {
  const secrets = exchangeSecrets({
    requestHeaders: [
      ["Authorization", `Basic ${btoa("ada:pa55word!")}`],
      ["Cookie", "sid=cookie-value-1; theme=dark"],
      ["X-Api-Key", "key-abcdef"],
      ["Accept", "application/json"],
    ],
    query: "page=2&access_token=tok-123456",
    requestBody: "username=ada&password=form-pass-1",
    responseHeaders: [["Set-Cookie", "sid=new-cookie-2; HttpOnly"]],
    responseBody:
      '{"user": {"name": "Ada", "refreshToken": "rt-99999"}, "items": [{"apiKey": "k-777"}]}',
  });
  for (
    const expected of [
      "pa55word!",
      "ada:pa55word!",
      "cookie-value-1",
      "key-abcdef",
      "tok-123456",
      "form-pass-1",
      "new-cookie-2",
      "rt-99999",
      "k-777",
    ]
  ) {
    assertEquals(secrets.includes(expected), true, `${expected} not found in ${secrets}`);
  }
  assertEquals(secrets.includes("application/json"), false);
  assertEquals(secrets.includes("Ada"), false);
});

Deno.test("exchangeSecrets() values mask a report entry through deepMask", () => {
  const secrets = exchangeSecrets({
    requestHeaders: [["authorization", "Bearer live-token-987"]],
    query: "",
    requestBody: "",
    responseHeaders: [],
    responseBody: '{"token": "resp-token-555"}',
  });
  const entry = { diff: { body: 'body.token: expected "x", got "resp-token-555"' }, path: "/a" };
  assertEquals(deepMask(entry, secrets), {
    diff: { body: `body.token: expected "x", got "${MASK}"` },
    path: "/a",
  });
});
