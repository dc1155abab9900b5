/** One HTTP call to a server under test (the mock, mostly): a JSON body out, the JSON answer read back. */
export interface JsonAnswer {
  status: number;
  headers: Headers;
  // deno-lint-ignore no-explicit-any
  json: any;
}

export async function jsonCall(
  url: string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonAnswer> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: text ? JSON.parse(text) : null,
  };
}
