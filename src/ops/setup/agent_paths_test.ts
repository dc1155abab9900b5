import { assertEquals } from "@std/assert";
import { dirname, join } from "node:path";
import { AGENTS } from "../../agents/registry.ts";
import { absolutePath, type AgentPlaces, detectAgents, shownPath } from "./agent_paths.ts";

async function placesWith(markers: string[]): Promise<AgentPlaces & { cleanup(): Promise<void> }> {
  const root = await Deno.makeTempDir({ prefix: "apispec-detect-" });
  const places = {
    projectRoot: join(root, "project"),
    home: join(root, "home"),
    codexHome: join(root, "home", ".codex"),
  };
  await Deno.mkdir(places.projectRoot, { recursive: true });
  await Deno.mkdir(places.home, { recursive: true });
  for (const marker of markers) {
    const path = absolutePath(marker, places)!;
    if (marker.endsWith("/")) await Deno.mkdir(path, { recursive: true });
    else {
      await Deno.mkdir(dirname(path), { recursive: true });
      await Deno.writeTextFile(path, "");
    }
  }
  return { ...places, cleanup: () => Deno.remove(root, { recursive: true }) };
}

Deno.test("detectAgents() detects each agent from each of its documented markers alone", async () => {
  for (const agent of AGENTS) {
    for (const alternative of agent.detect) {
      const places = await placesWith(alternative);
      try {
        const detections = await detectAgents(places);
        const detected = detections.filter((d) => d.detected).map((d) => d.agent.id);
        assertEquals(detected.includes(agent.id), true, `${agent.id} from ${alternative}`);
        const mine = detections.find((d) => d.agent.id === agent.id)!;
        assertEquals(mine.because, alternative.map((m) => shownPath(m, places)));
      } finally {
        await places.cleanup();
      }
    }
  }
});

Deno.test("detectAgents() needs every marker of an alternative (.github/ alone is not Copilot)", async () => {
  const places = await placesWith([".github/"]);
  try {
    const detected = (await detectAgents(places)).filter((d) => d.detected);
    assertEquals(detected, []);
  } finally {
    await places.cleanup();
  }
});

Deno.test("shownPath() shows Codex's home as ~/.codex unless CODEX_HOME moves it", () => {
  const places = { projectRoot: "/p", home: "/h", codexHome: "/h/.codex" };
  assertEquals(shownPath("$CODEX_HOME/prompts/apispec.md", places), "~/.codex/prompts/apispec.md");
  assertEquals(
    shownPath("$CODEX_HOME/prompts/apispec.md", { ...places, codexHome: "/opt/codex" }),
    "/opt/codex/prompts/apispec.md",
  );
  assertEquals(absolutePath("~/.cursor/", places), "/h/.cursor/");
  assertEquals(absolutePath(".mcp.json", places), "/p/.mcp.json");
});
