/**
 * The demo collection, embedded in the module graph as text so the compiled
 * binary carries it. Paths are relative to the collection root.
 */
import { writeTextAtomic } from "../adapters/fs.ts";
import project from "../../fixtures/demo/api-docs/project.md" with { type: "text" };
import envTemplate from "../../fixtures/demo/api-docs/_shared/env.template.md" with {
  type: "text",
};
import health from "../../fixtures/demo/api-docs/apis/health/get-health.md" with { type: "text" };
import listUsers from "../../fixtures/demo/api-docs/apis/users/get-list-users.md" with {
  type: "text",
};
import getUser from "../../fixtures/demo/api-docs/apis/users/get-user-by-id.md" with {
  type: "text",
};
import createUser from "../../fixtures/demo/api-docs/apis/users/post-create-user.md" with {
  type: "text",
};
import deleteUser from "../../fixtures/demo/api-docs/apis/users/delete-user.md" with {
  type: "text",
};
import getOrder from "../../fixtures/demo/api-docs/apis/orders/get-order.md" with { type: "text" };
import echo from "../../fixtures/demo/api-docs/apis/echo/post-echo.md" with { type: "text" };
import onboarding from "../../fixtures/demo/api-docs/flows/user-onboarding.md" with {
  type: "text",
};
import teamOnboarding from "../../fixtures/demo/api-docs/flows/team-onboarding.md" with {
  type: "text",
};
import team from "../../fixtures/demo/api-docs/data/team.csv" with { type: "text" };

export const DEMO_FILES: Record<string, string> = {
  "project.md": project,
  "_shared/env.template.md": envTemplate,
  "apis/health/get-health.md": health,
  "apis/users/get-list-users.md": listUsers,
  "apis/users/get-user-by-id.md": getUser,
  "apis/users/post-create-user.md": createUser,
  "apis/users/delete-user.md": deleteUser,
  "apis/orders/get-order.md": getOrder,
  "apis/echo/post-echo.md": echo,
  "flows/user-onboarding.md": onboarding,
  "flows/team-onboarding.md": teamOnboarding,
  "data/team.csv": team,
};

/** Endpoint files the demo runs one by one, in this order. */
export const DEMO_RUN_ORDER = [
  "apis/health/get-health.md",
  "apis/users/get-list-users.md",
  "apis/users/get-user-by-id.md",
  "apis/users/post-create-user.md",
  "apis/orders/get-order.md",
  "apis/echo/post-echo.md",
];

/** The flow the demo runs after the endpoints. */
export const DEMO_FLOW = "flows/user-onboarding.md";

/** The flows the demo runs, in order: the one above, then one with a sub-flow, a loop and a data file. */
export const DEMO_FLOWS = [DEMO_FLOW, "flows/team-onboarding.md"];

/** Writes the collection under `<dir>/api-docs`, pointing the dev environment at `baseUrl`. */
export async function writeDemoCollection(dir: string, baseUrl: string): Promise<string> {
  const root = `${dir}/api-docs`;
  for (const [path, text] of Object.entries(DEMO_FILES)) {
    const content = path === "_shared/env.template.md"
      ? text.replace("http://127.0.0.1:4010", baseUrl)
      : text;
    await writeTextAtomic(`${root}/${path}`, content);
  }
  return root;
}
