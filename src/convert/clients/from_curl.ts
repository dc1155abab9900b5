/** `apispec import curl`: one pasted cURL command becomes one endpoint. */
import { type CurlRequest, parseCurl } from "./curl_args.ts";
import { clientDraft, type ClientRequest, extractBaseUrl } from "./client_request.ts";
import { type ConvertOutcome, emptyConversion, failure } from "../endpoint.ts";
import { multipartBody } from "../form_body.ts";
import { percentDecoded } from "../../engine/text/percent.ts";

function toClientRequest(curl: CurlRequest): ClientRequest {
  const headers = [...curl.headers];
  let body = curl.body;
  if (curl.form) {
    const multipart = multipartBody(curl.form);
    const index = headers.findIndex(([n]) => /^content-type$/i.test(n));
    if (index === -1) headers.push(["Content-Type", multipart.contentType]);
    else headers[index] = ["Content-Type", multipart.contentType];
    body = multipart.body;
  }
  let auth: ClientRequest["auth"];
  if (curl.user !== undefined) {
    const [username, ...rest] = curl.user.split(":");
    auth = { kind: "basic", username, password: rest.join(":") };
  }
  const path = (() => {
    try {
      return new URL(curl.url).pathname;
    } catch {
      return curl.url;
    }
  })();
  return {
    name: `${curl.method} ${percentDecoded(path, { uri: true })}`,
    method: curl.method,
    url: curl.url,
    headers: headers.filter(([n]) => !/^(content-length|host)$/i.test(n)),
    body,
    auth,
  };
}

/**
 * @example
 * ```ts
 * import { fromCurl } from "./from_curl.ts";
 * const outcome = fromCurl("curl -X DELETE https://api.example.com/v1/users/7");
 * outcome.ok && outcome.conversion.endpoints[0].request.target; // "{{baseUrl}}/v1/users/7"
 * ```
 */
export function fromCurl(text: string): ConvertOutcome {
  const parsed = parseCurl(text);
  if ("error" in parsed) {
    return failure(
      parsed.error,
      "Paste one command that starts with `curl` and holds a URL, e.g. curl https://api.example.com/users",
    );
  }
  const conversion = emptyConversion();
  const draft = clientDraft(toClientRequest(parsed), conversion);
  if (!draft) {
    return failure(
      conversion.warnings[0] ?? "The command cannot be imported",
      "Use one of the methods GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS",
    );
  }
  if (parsed.insecure) {
    draft.notes = "The original command skipped TLS verification (`-k`); apispec always verifies.";
  }
  conversion.endpoints.push(draft);
  extractBaseUrl(conversion);
  return { ok: true, conversion };
}
