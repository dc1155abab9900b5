/** A project for the planted-bug API: its document named in project.md, bearer auth, one environment. */
import { type Workspace, workspace } from "../helpers/workspace.ts";
import { type PlantedApp, TOKEN } from "./planted_app.ts";

/** The token, as the environment gives it (`authToken`). */
export const ENV = { APISPEC_AUTH_TOKEN: TOKEN };

export async function plantedProject(app: PlantedApp, envName = "dev"): Promise<Workspace> {
  return await workspace({
    "openapi.json": JSON.stringify(app.doc, null, 2),
    "api-docs/project.md":
      `---\nname: planted\ndefault-env: ${envName}\nopenapi: ../openapi.json\n` +
      "auth: bearer\n---\n",
    "api-docs/_shared/env.template.md":
      `## ${envName}\n\n\`\`\`yaml\nbaseUrl: ${app.url}\n\`\`\`\n`,
  });
}
