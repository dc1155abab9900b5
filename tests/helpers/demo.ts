/** The demo collection in a temp folder, pointed at a running demo API. */
import { type DemoApi, startDemoApi } from "../../src/demo/api.ts";
import { writeDemoCollection } from "../../src/demo/collection.ts";
import { type Workspace, workspace } from "./workspace.ts";

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
