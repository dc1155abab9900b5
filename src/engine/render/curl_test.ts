import { assertEquals } from "@std/assert";
import { renderCurl } from "./curl.ts";
import { parseCurl } from "../../convert/clients/curl_args.ts";

Deno.test("renderCurl() writes a command that the cURL importer reads back as the same request", () => {
  const requests = [
    {
      method: "GET",
      url: "http://127.0.0.1:8080/users?page=2&q=a b",
      headers: [["Accept", "application/json"]],
    },
    {
      method: "POST",
      url: "https://api.example.com/users",
      headers: [["Content-Type", "application/json"], ["X-Note", 'it\'s "quoted" $HOME `x`']],
      body: '{"name": "O\'Brien", "tags": ["$(rm -rf /)"]}',
    },
    { method: "DELETE", url: "http://a/users/1", headers: [] },
    {
      method: "PUT",
      url: "http://a/users/1",
      headers: [["Content-Type", "text/plain"]],
      body: "@not-a-file",
    },
  ] as { method: string; url: string; headers: [string, string][]; body?: string }[];
  for (const request of requests) {
    const back = parseCurl(renderCurl(request));
    if ("error" in back) throw new Error(back.error);
    assertEquals(
      { method: back.method, url: back.url, headers: back.headers, body: back.body },
      request.body === undefined
        ? { method: request.method, url: request.url, headers: request.headers, body: undefined }
        : request,
    );
  }
});
