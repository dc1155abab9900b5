/**
 * A real API on 127.0.0.1 that takes and serves files, as docs/files.md's
 * examples use one: `PUT /users/:id/avatar` keeps the bytes sent (any type),
 * `GET /users/:id/avatar` serves them as `image/png` (user 1 starts with
 * `PNG`), and `POST /profiles` reads a multipart form and answers what it got.
 */

/** A real PNG (1x1, red), as bytes an API would send. */
export const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  ),
  (c) => c.charCodeAt(0),
);

export async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as BufferSource));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

export interface FilesApi extends AsyncDisposable {
  url: string;
  /** Avatars by user id, as last uploaded. */
  avatars: Map<string, { bytes: Uint8Array; type: string | null }>;
  /** Each multipart form received: field name to text, or to {name, type, sha256} for a file. */
  forms: Record<string, unknown>[];
}

export function startFilesApi(): FilesApi {
  const avatars: FilesApi["avatars"] = new Map([["1", { bytes: PNG, type: "image/png" }]]);
  const forms: FilesApi["forms"] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (r) => {
    const url = new URL(r.url);
    const avatar = /^\/users\/([^/]+)\/avatar$/.exec(url.pathname);
    if (avatar && r.method === "PUT") {
      const bytes = new Uint8Array(await r.arrayBuffer());
      avatars.set(avatar[1], { bytes, type: r.headers.get("content-type") });
      return new Response(null, { status: 204 });
    }
    if (avatar && r.method === "GET") {
      const stored = avatars.get(avatar[1]);
      return stored
        ? new Response(stored.bytes as BodyInit, { headers: { "content-type": "image/png" } })
        : Response.json({ error: "no avatar" }, { status: 404 });
    }
    if (url.pathname === "/profiles" && r.method === "POST") {
      const form: Record<string, unknown> = {};
      for (const [name, value] of await r.formData()) {
        form[name] = typeof value === "string" ? value : {
          name: value.name,
          type: value.type,
          sha256: await sha256(new Uint8Array(await value.arrayBuffer())),
        };
      }
      forms.push(form);
      return Response.json({ id: forms.length, ...form }, { status: 201 });
    }
    return Response.json({ error: "not found" }, { status: 404 });
  });
  return {
    url: `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}`,
    avatars,
    forms,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}
