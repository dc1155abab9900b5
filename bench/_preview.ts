/** A preview server over a folder, for the benchmarks. */
import { type PreviewServer, startPreview } from "../src/preview/serve.ts";
import { systemContext } from "../src/adapters/system.ts";

export async function benchPreview(dir: string): Promise<PreviewServer> {
  const { server, issues } = await startPreview({
    path: dir,
    host: "127.0.0.1",
    port: 0,
    mock: false,
    ctx: systemContext(),
  });
  if (!server) throw new Error(`preview did not start: ${JSON.stringify(issues)}`);
  return server;
}
