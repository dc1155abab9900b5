import { assertEquals } from "@std/assert";
import { gitToplevel, repositoryTop } from "./git.ts";
import { git } from "../../tests/helpers/git.ts";
import { workspace } from "../../tests/helpers/workspace.ts";

Deno.test("repositoryTop() finds the top folder git finds: repo, subfolder, worktree, none", async () => {
  await using ws = await workspace({ "repo/api-docs/apis/a.md": "x\n", "outside/b.md": "y\n" });
  const repo = ws.path("repo");
  await git(repo, "init", "-q", ".");
  await git(repo, "add", ".");
  await git(repo, "commit", "-qm", "init");
  await git(repo, "worktree", "add", "-q", ws.path("tree"));
  for (const folder of ["repo", "repo/api-docs/apis", "tree", "tree/api-docs", "outside"]) {
    assertEquals(
      repositoryTop(ws.path(folder)),
      await gitToplevel(ws.path(folder)),
      folder,
    );
  }
});
