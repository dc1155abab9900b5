/** apispec: executable API documentation. The only place that exits. */
import { runCli } from "./src/cli/run.ts";

if (import.meta.main) {
  Deno.exit(await runCli(Deno.args));
}
