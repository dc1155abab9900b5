/** Real files in a temp folder, removed when the test's `await using` scope ends. */
import { dirname, join } from "node:path";

export interface Workspace extends AsyncDisposable {
  dir: string;
  path(relative: string): string;
  read(relative: string): Promise<string>;
  write(relative: string, text: string): Promise<void>;
  exists(relative: string): Promise<boolean>;
}

export async function workspace(files: Record<string, string> = {}): Promise<Workspace> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "apispec-test-" }));
  const ws: Workspace = {
    dir,
    path: (relative) => join(dir, relative),
    read: (relative) => Deno.readTextFile(join(dir, relative)),
    write: async (relative, text) => {
      await Deno.mkdir(dirname(join(dir, relative)), { recursive: true });
      await Deno.writeTextFile(join(dir, relative), text);
    },
    exists: async (relative) => {
      try {
        await Deno.stat(join(dir, relative));
        return true;
      } catch {
        return false;
      }
    },
    [Symbol.asyncDispose]: () => Deno.remove(dir, { recursive: true }).catch(() => {}),
  };
  for (const [relative, text] of Object.entries(files)) await ws.write(relative, text);
  return ws;
}

/** A collection with a dev environment pointing at `baseUrl`. */
export function collectionFiles(
  baseUrl: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    "api-docs/project.md": "---\nname: test\nversion: 1\n---\n",
    "api-docs/_shared/env.template.md": `## dev\n\n\`\`\`yaml\nbaseUrl: ${baseUrl}\n\`\`\`\n`,
    ...Object.fromEntries(
      Object.entries(extra).map((
        [k, v],
      ) => [k.startsWith("api-docs/") || k.startsWith(".") ? k : `api-docs/${k}`, v]),
    ),
  };
}

export interface EndpointOptions {
  method?: string;
  path?: string;
  frontmatter?: string;
  request?: string;
  expected?: string;
  sections?: string;
  title?: string;
  /** Default `users`. */
  resource?: string;
}

/** An endpoint file; every part can be replaced. */
export function endpoint(options: EndpointOptions = {}): string {
  const method = options.method ?? "GET";
  const path = options.path ?? "/users/1";
  const request = options.request ?? `${method} {{baseUrl}}${path}`;
  const expected = options.expected ?? "HTTP/1.1 200 OK";
  return `---
resource: ${options.resource ?? "users"}
protocol: http
method: ${method}
path: ${path}
version: 1
${options.frontmatter ?? ""}---
# ${options.title ?? "Test endpoint"}

## Request

\`\`\`http
${request}
\`\`\`

## Expected response

\`\`\`http
${expected}
\`\`\`
${options.sections ?? ""}`;
}
