/**
 * Command name → the module that runs it, loaded on first use so that a
 * command pays only for what it imports. Kept apart from the command table so
 * that commands which read the table (completion) do not import themselves.
 */
import type { CommandModule } from "./command_module.ts";

const importer =
  (kind: "openapi" | "hostedclient" | "desktopclient" | "collection" | "http") => () =>
    import("./commands/import.ts").then((m) => m.importer(kind));

export const LOADERS: Record<string, () => Promise<CommandModule>> = {
  "init": () => import("./commands/init.ts"),
  "validate": () => import("./commands/validate.ts"),
  "exec": () => import("./commands/exec.ts"),
  "flow": () => import("./commands/flow.ts"),
  "diagnose": () => import("./commands/diagnose.ts"),
  "check": () => import("./commands/check.ts"),
  "history": () => import("./commands/history.ts"),
  "request": () => import("./commands/request.ts"),
  "auth login": () => import("./commands/auth.ts").then((m) => m.authCommand("login")),
  "auth status": () => import("./commands/auth.ts").then((m) => m.authCommand("status")),
  "auth logout": () => import("./commands/auth.ts").then((m) => m.authCommand("logout")),
  "index": () => import("./commands/index_cmd.ts"),
  "demo": () => import("./commands/demo.ts"),
  "export openapi": () => import("./commands/export_openapi.ts"),
  "drift": () => import("./commands/drift.ts"),
  "export arazzo": () => import("./commands/export_arazzo.ts"),
  "import arazzo": () => import("./commands/import_arazzo.ts"),
  "coverage": () => import("./commands/coverage.ts"),
  "fuzz": () => import("./commands/fuzz.ts"),
  "export artillery": () =>
    import("./commands/export_load.ts").then((m) => m.loadExporter("artillery")),
  "export k6": () => import("./commands/export_load.ts").then((m) => m.loadExporter("k6")),
  "serve": () => import("./commands/serve.ts"),
  "desktop": () => import("./commands/desktop.ts"),
  "mock": () => import("./commands/mock.ts"),
  "proxy": () => import("./commands/proxy.ts"),
  "context": () => import("./commands/context.ts"),
  "agent pack": () => import("./commands/agent_pack.ts"),
  "mcp": () => import("./commands/mcp.ts"),
  "skills install": () => import("./commands/skills_install.ts"),
  "skills list": () => import("./commands/skills_list.ts"),
  "skills uninstall": () => import("./commands/skills_uninstall.ts"),
  "install mcp": () => import("./commands/install_mcp.ts"),
  "doctor": () => import("./commands/doctor.ts"),
  "completion": () => import("./commands/completion.ts"),
  "version": () => import("./commands/version.ts"),
  "import openapi": importer("openapi"),
  "import hostedclient": importer("hostedclient"),
  "import desktopclient": importer("desktopclient"),
  "import collection": importer("collection"),
  "import http": importer("http"),
  "import postman": importer("hostedclient"),
  "import insomnia": importer("desktopclient"),
  "import bruno": importer("collection"),
  "import curl": () => import("./commands/import_curl.ts"),
  "import project": () => import("./commands/import_project.ts"),
  "import graphql": () => import("./commands/import_graphql.ts"),
};
