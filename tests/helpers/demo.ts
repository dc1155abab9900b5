/** The demo collection in a temp folder, pointed at a running demo API. */
import { type DemoApi, startDemoApi } from "../../src/demo/api.ts";
import { writeDemoCollection } from "../../src/demo/collection.ts";
import { endpoint, type Workspace, workspace } from "./workspace.ts";

export interface DemoProject extends AsyncDisposable {
  ws: Workspace;
  api: DemoApi;
}

export async function demoProject(extra: Record<string, string> = {}): Promise<DemoProject> {
  const api = startDemoApi();
  const ws = await workspace();
  await writeDemoCollection(ws.dir, api.url);
  for (const [path, text] of Object.entries(extra)) await ws.write(path, text);
  return {
    ws,
    api,
    [Symbol.asyncDispose]: async () => {
      await api.close();
      await ws[Symbol.asyncDispose]();
    },
  };
}

/** A spec beside the demo's that the demo API answers with another shape: the UI and report tests' failure. */
export const WRONG_SHAPE = "apis/users/get-user-wrong-shape.md";

export const WRONG_SHAPE_SPEC = endpoint({
  path: "/users/:userId",
  frontmatter: "vars:\n  userId: 2\n",
  title: "Get user (wrong shape)",
  expected:
    'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"id": "2", "name": "Alan Turing", "nickname": "alan"}',
});
