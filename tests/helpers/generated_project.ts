/**
 * A large generated collection (the MCP budgets test and bench/mcp_bench.ts):
 * `count` endpoint files in folders of 100, eight verbs over five methods,
 * so a word like "archive" matches an eighth of them.
 */
import { join } from "node:path";

const VERBS = ["list", "get", "create", "update", "delete", "archive", "export", "search"];
const METHODS = ["GET", "GET", "POST", "PUT", "DELETE", "POST", "GET", "GET"];

export async function writeGeneratedProject(root: string, count: number): Promise<void> {
  await Deno.mkdir(join(root, "api-docs", "_shared"), { recursive: true });
  await Deno.writeTextFile(
    join(root, "api-docs", "project.md"),
    "---\nname: bench\nversion: 1\n---\n",
  );
  await Deno.writeTextFile(
    join(root, "api-docs", "_shared", "env.template.md"),
    "## dev\n\n```yaml\nbaseUrl: http://127.0.0.1:9\n```\n",
  );
  for (let i = 0; i < count; i++) {
    const resource = `resource${String(Math.floor(i / 100)).padStart(3, "0")}`;
    const v = i % VERBS.length;
    const dir = join(root, "api-docs", "apis", resource);
    if (i % 100 === 0) await Deno.mkdir(dir, { recursive: true });
    const path = `/${resource}/${i}`;
    await Deno.writeTextFile(
      join(dir, `${METHODS[v].toLowerCase()}-${VERBS[v]}-${i}.md`),
      `---\nresource: ${resource}\nprotocol: http\nmethod: ${METHODS[v]}\npath: ${path}\n` +
        `version: 1\ntags: [${resource}, ${VERBS[v]}]\n---\n\n# ${
          VERBS[v]
        } item ${i} of ${resource}\n\n` +
        `Generated endpoint number ${i} for the search benchmark.\n\n## Request\n\n\`\`\`http\n` +
        `${METHODS[v]} {{baseUrl}}${path}\n\`\`\`\n\n## Expected response\n\n\`\`\`http\n` +
        "HTTP/1.1 200 OK\n```\n",
    );
  }
}
