/**
 * Variable layers shared between runs: specs without frontmatter variables
 * or captures see the same layers, so a batch of a thousand builds them once
 * per collection, environment and set of overrides instead of once per spec.
 */
import type { VarLayer } from "../../engine/resolve/layers.ts";
import type { Collection, LayerInputs } from "../collection/load.ts";

/** Collections are loaded per command or per batch, so the cache lives as long as they do. */
const layerCache = new WeakMap<Collection, { key: unknown[]; layers: VarLayer[] }[]>();
export function sharedLayers(
  collection: Collection,
  env: string,
  /** The priority order (`cli` or `tool`): the layers differ between them. */
  order: string,
  inputs: LayerInputs,
  osEnv: Record<string, string>,
  build: () => VarLayer[],
): VarLayer[] {
  if (inputs.captures || Object.keys(inputs.frontmatter ?? {}).length > 0) return build();
  const key = [env, order, inputs.cli, inputs.tool, inputs.session, osEnv];
  let entries = layerCache.get(collection);
  if (!entries) layerCache.set(collection, entries = []);
  const hit = entries.find((e) => e.key.every((part, i) => part === key[i]));
  if (hit) return hit.layers;
  const layers = build();
  entries.push({ key, layers });
  return layers;
}
