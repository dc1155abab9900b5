import { assertEquals } from "@std/assert";
import { deepMask, MASK } from "./mask.ts";
import { exchangeSecrets, sentSecrets } from "./exchange.ts";

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

Deno.test("sentSecrets() finds what a request sent under credential names, and nothing else", () => {
  const secrets = sentSecrets({
    method: "POST",
    url: "http://h/login?api_key=k-123456&page=2#top",
    headers: [["X-Auth-Token", "xt-abcdef"], ["Accept", "application/json"]],
    body: '{"user": {"name": "Ada", "password": "Hunter2!"}, "note": "hello"}',
  });
  assertEquals(secrets.sort(), ["Hunter2!", "k-123456", "xt-abcdef"]);
  const deep = JSON.stringify(
    Array.from({ length: 20_000 }).reduce((inner) => [inner], {
      secret: "deep-secret-1",
    }),
  );
  assertEquals(sentSecrets({ method: "POST", url: "http://h/", headers: [], body: deep }), [
    "deep-secret-1",
  ]);
});
