import { assertEquals } from "@std/assert";
import { endToEndHeaders } from "./hop_by_hop.ts";

Deno.test("endToEndHeaders() drops the connection-specific fields of RFC 9110 §7.6.1", () => {
  const headers: [string, string][] = [
    ["Host", "api.test"],
    ["Connection", "keep-alive, Upgrade, X-Hop"],
    ["Keep-Alive", "timeout=5"],
    ["Proxy-Connection", "keep-alive"],
    ["TE", "trailers"],
    ["Trailer", "Expires"],
    ["Transfer-Encoding", "chunked"],
    ["Upgrade", "websocket"],
    ["Proxy-Authorization", "Basic cHJveHk6c2VjcmV0"],
    ["X-Hop", "named by Connection"],
    ["Authorization", "Bearer end-to-end"],
    ["Set-Cookie", "a=1"],
    ["Set-Cookie", "b=2"],
    ["Content-Length", "12"],
  ];
  assertEquals(endToEndHeaders(headers), [
    ["Host", "api.test"],
    ["Authorization", "Bearer end-to-end"],
    ["Set-Cookie", "a=1"],
    ["Set-Cookie", "b=2"],
    ["Content-Length", "12"],
  ]);
});

Deno.test("endToEndHeaders() reads Connection options case-insensitively, from every Connection field", () => {
  const headers: [string, string][] = [
    ["connection", "X-A"],
    ["CONNECTION", " x-b ,close"],
    ["x-a", "1"],
    ["X-B", "2"],
    ["X-C", "3"],
  ];
  assertEquals(endToEndHeaders(headers), [["X-C", "3"]]);
});
