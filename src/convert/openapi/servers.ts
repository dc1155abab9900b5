/**
 * `servers` become environments of the env template: the first server is
 * `dev` unless its description names another environment; server variables
 * take their defaults. A relative server URL is joined to the default dev
 * URL `http://localhost:8080`, as `init` uses.
 */
import type { Conversion, EnvDraft } from "../endpoint.ts";
import { isRecord } from "../data.ts";

const DEFAULT_ORIGIN = "http://localhost:8080";
const ENV_WORDS: [RegExp, string][] = [
  [/\bprod(uction)?\b|\blive\b/i, "prod"],
  [/\bstag(e|ing)\b/i, "staging"],
  [/\bsandbox\b/i, "sandbox"],
  [/\btest(ing)?\b|\bqa\b/i, "test"],
  [/\blocal(host)?\b|127\.0\.0\.1/i, "dev"],
  [/\bdev(elopment)?\b/i, "dev"],
];

/** The server URL with its variables replaced by their defaults. */
export function serverUrl(server: Record<string, unknown>): string | undefined {
  if (typeof server.url !== "string") return undefined;
  const variables = isRecord(server.variables) ? server.variables : {};
  let url = server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    if (isRecord(variable) && variable.default !== undefined) return String(variable.default);
    return whole;
  });
  if (url.startsWith("//")) url = `https:${url}`;
  if (!/^https?:\/\//i.test(url)) url = DEFAULT_ORIGIN + (url.startsWith("/") ? url : `/${url}`);
  return url.replace(/\/+$/, "");
}

export function environmentsFromServers(servers: unknown[], conversion: Conversion): EnvDraft[] {
  const envs: EnvDraft[] = [];
  servers.filter(isRecord).forEach((server, index) => {
    const url = serverUrl(server);
    if (!url) return;
    if (url.includes("{")) {
      conversion.warnings.push(
        `Server ${url} has variables without defaults; set its baseUrl by hand`,
      );
    }
    const text = `${server.description ?? ""} ${url}`;
    let name = ENV_WORDS.find(([pattern]) => pattern.test(text))?.[1] ??
      (index === 0 ? "dev" : `server${index + 1}`);
    if (envs.some((e) => e.name === name)) name = `${name}${index + 1}`;
    envs.push({ name, vars: { baseUrl: url } });
  });
  if (envs.length > 0 && !envs.some((e) => e.name === "dev")) {
    envs.unshift({ name: "dev", vars: { ...envs[0].vars } });
  }
  return envs;
}
