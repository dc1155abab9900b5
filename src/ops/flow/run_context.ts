/**
 * What one run of a flow shares between its steps: the loaded files, the
 * environment, the data row, the switches, where records and history go, and
 * the variables each step sees (loop bindings, then captures, then the layers
 * of `exec`, with the data row beside `--var`).
 */
import type { AssertionOptions } from "../../engine/compare/assertions.ts";
import type { Issue } from "../../engine/issue.ts";
import type { EndpointSpec, StepRecord } from "../../engine/model.ts";
import type { StepDetail } from "../../engine/render/flow.ts";
import {
  CLI_ORDER,
  type LayerName,
  lookupVar,
  TOOL_ORDER,
  type VarLayer,
} from "../../engine/resolve/layers.ts";
import type { Lookup } from "../../engine/flow/lookup.ts";
import type { DataRow } from "../../engine/parse/data.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { sleepUnless } from "../../adapters/clock.ts";
import { type ExecInput, OS_PREFIXES } from "../run/exec.ts";
import type { HistorySink } from "../run/history.ts";
import { buildLayers, type Collection, type LayerInputs } from "../collection/load.ts";
import type { FlowTree } from "./load.ts";

/**
 * `exec`'s input for a flow: `timeoutMs` applies to every step, `verbose`
 * adds each step's full execution record.
 */
export interface FlowInput extends Omit<ExecInput, "captures" | "history"> {
  /** Undefined: the file's `parallel` setting. */
  parallel?: boolean;
  /** Undefined: the file's `continue-on-error` setting. */
  continueOnError?: boolean;
  /** A data file (`--data`), beating the file's `data:`. */
  data?: string;
}

/** One step record as it is decided, with what views need beyond the wire record. */
export interface StepOutcome {
  step: StepRecord;
  detail: StepDetail;
}

export interface RunContext {
  tree: FlowTree;
  collection: Collection;
  env: string;
  input: FlowInput;
  ctx: OpsContext;
  /** Variables of the data row being run. */
  row: Record<string, string>;
  dryRun: boolean;
  parallel: boolean;
  continueOnError: boolean;
  strictAssertions: boolean;
  /** Where runs are recorded; undefined: appended to each spec's history at once. */
  history?: HistorySink;
  emit?: (outcome: StepOutcome) => void;
  /** The step whose failure stopped the run. */
  stoppedBy?: string;
  /** Secret values seen so far, masked wherever they appear. */
  secrets: Set<string>;
  /** Problems found while running (a dry run's unresolved variables). */
  issues: Issue[];
  /** In a dry run, names whose values are placeholders: captures and loop variables of unknown loops. */
  placeholders: Set<string>;
  /**
   * The layers below the data row's, per endpoint (their frontmatter differs): the same
   * for every row, so built once per run.
   */
  layerCache: Map<EndpointSpec | undefined, VarLayer[]>;
  /** The data row's layer (with --var or tool vars), built on first use. */
  rowLayer?: VarLayer;
  /** Sub-flow path → its data rows: a step running that flow runs it once per row. */
  subflowRows: Map<string, DataRow[]>;
  /** What the flow's rules need to evaluate (RE2 when one uses `matches`), loaded once per run. */
  assertions: AssertionOptions;
}

/**
 * The variable layers a step sends with: captures (loop bindings first), the
 * data row beside --var, then the rest of exec's layers. Captures, then
 * --var (or tool vars), come first in both priority orders.
 */
export function layersFor(
  rc: RunContext,
  captures: Record<string, string>,
  spec?: EndpointSpec,
): VarLayer[] {
  const order = rc.input.order ?? "cli";
  const build = (inputs: LayerInputs, names: LayerName[]) =>
    buildLayers(rc.collection, rc.env, inputs, names, [...OS_PREFIXES[order]], rc.ctx.env);
  const explicit: LayerName = order === "tool" ? "tool" : "cli";
  let below = rc.layerCache.get(spec);
  if (!below) {
    const names = (order === "tool" ? TOOL_ORDER : CLI_ORDER).filter((n) =>
      n !== "capture" && n !== explicit
    );
    below = build({ session: rc.input.session, frontmatter: spec?.vars }, names);
    rc.layerCache.set(spec, below);
  }
  // The data row sits at the --var level; an explicit --var (or tool var) still wins.
  rc.rowLayer ??= build(
    { [explicit]: { ...rc.row, ...(order === "tool" ? rc.input.tool : rc.input.cli) } },
    [explicit],
  )[0];
  return [{ name: "capture", label: "capture", vars: captures }, rc.rowLayer, ...below];
}

/** Whether the run was interrupted (Ctrl-C): only `Always` steps still run. */
export function interrupted(rc: RunContext): boolean {
  return rc.ctx.interrupt?.aborted === true;
}

/** Waits `ms` (a `Delay`, an `Every`), or less when the run is interrupted meanwhile. */
export async function sleepUnlessInterrupted(rc: RunContext, ms: number): Promise<void> {
  await sleepUnless(rc.ctx.clock, ms, rc.ctx.interrupt);
}

/** A lookup over layers. */
export function lookupIn(layers: VarLayer[]): Lookup {
  return (name) => lookupVar(layers, name)?.value;
}
