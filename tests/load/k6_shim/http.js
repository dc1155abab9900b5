// A stand-in for k6's `k6/http` (k6 cannot be installed here): the same
// synchronous `request(method, url, body, params)` and response shape, sent
// with curl so that a generated script really talks to the test's API.
const decoder = new TextDecoder();

function parse(raw) {
  let rest = raw;
  let head;
  // Skip interim responses such as "100 Continue".
  do {
    const end = rest.indexOf("\r\n\r\n");
    head = rest.slice(0, end);
    rest = rest.slice(end + 4);
  } while (/^HTTP\/\S+ 1\d\d/.test(head));
  const [statusLine, ...lines] = head.split("\r\n");
  const headers = {};
  for (const line of lines) {
    const at = line.indexOf(":");
    // k6 canonicalises header names: content-type → Content-Type.
    const name = line.slice(0, at).toLowerCase().replace(
      /(^|-)([a-z])/g,
      (_, d, c) => d + c.toUpperCase(),
    );
    headers[name] = line.slice(at + 1).trim();
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body: rest };
}

// k6 takes statuses and {min, max} ranges, in any order.
export function expectedStatuses(...statuses) {
  for (const status of statuses) {
    const ok = Number.isInteger(status) ||
      (Number.isInteger(status?.min) && Number.isInteger(status?.max));
    if (!ok) {
      throw new Error(`expectedStatuses: not a status or a range: ${JSON.stringify(status)}`);
    }
  }
  return { statuses };
}

export function request(method, url, body, params = {}) {
  const args = ["-s", "-i", "-X", method, url];
  for (const [name, value] of Object.entries(params.headers ?? {})) {
    args.push("-H", `${name}: ${value}`);
  }
  // The body goes through a file: an argument cannot carry every byte (NUL).
  let file;
  if (body !== null && body !== undefined) {
    file = Deno.makeTempFileSync({ dir: Deno.cwd(), prefix: ".k6-shim-body-" });
    Deno.writeTextFileSync(file, String(body));
    args.push("--data-binary", `@${file}`);
  }
  const output = new Deno.Command("curl", { args }).outputSync();
  if (file) Deno.removeSync(file);
  const response = parse(decoder.decode(output.stdout));
  globalThis.__k6Requests.push({
    method,
    url,
    status: response.status,
    tags: params.tags ?? {},
    headers: params.headers ?? {},
    body: body ?? null,
  });
  return {
    ...response,
    json(selector) {
      const value = JSON.parse(response.body);
      return selector === undefined ? value : selector.split(".").reduce((v, k) => v?.[k], value);
    },
  };
}

globalThis.__k6Requests = [];
export default { request, expectedStatuses };
