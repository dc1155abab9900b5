/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * One step of the flow canvas: its name and endpoint, what it captures and
 * uses, and how it runs (a sub-flow shown as a group of its steps, a loop
 * with its count, a condition, polling, a delay). After a run each record
 * the stream brought for the step shows as a chip: one per loop iteration,
 * one per sub-flow step.
 */
import type { FlowStepDraft } from "../../../src/engine/render/flow_md.ts";
import type { FlowStepEvent } from "../api.ts";
import type { EndpointEntry, FlowResponse, PlanView } from "../types.ts";
import { MethodBadge } from "./common.tsx";
import "./flow_card.css";

export const CARD_HEIGHT = 132;
export const CARD_GAP = 28;
export const CARD_WIDTH = 440;
/** A card's CSS width: at most CARD_WIDTH, and never wider than a narrow screen shows. */
export const CARD_CSS_WIDTH = `min(${CARD_WIDTH}px, calc(100vw - 72px))`;

/** The records of a run that belong to a step: its own and its sub-flow's. */
export function eventsFor(
  id: string | undefined,
  events: FlowStepEvent[],
  row?: number,
): FlowStepEvent[] {
  if (id === undefined) return [];
  const mine = events.filter((e) => e.id === id || e.id?.startsWith(`${id}.`));
  // A data-driven run streams every row: the card shows the chosen row, else the latest.
  const shown = row ?? mine.at(-1)?.row;
  return mine.filter((e) => e.row === shown);
}

type State = "idle" | "pass" | "fail" | "skipped";

function stateOf(events: FlowStepEvent[]): State {
  if (events.length === 0) return "idle";
  if (events.some((e) => !e.step.passed && !e.step.skipped)) return "fail";
  if (events.every((e) => e.step.skipped)) return "skipped";
  return "pass";
}

function chipState(event: FlowStepEvent): State {
  return event.step.skipped ? "skipped" : event.step.passed ? "pass" : "fail";
}

/** What a chip says: `[2]` for a loop run, the sub-flow step's own name inside a group. */
function chipLabel(event: FlowStepEvent, plan: PlanView): string {
  const name = event.step.name;
  if (plan.kind === "flow") return name.split(" › ").slice(1).join(" › ") || name;
  return event.iteration ? `[${event.iteration}]` : name;
}

function behaviour(plan: PlanView | undefined, step: FlowStepDraft, runs: number): string[] {
  const loop = plan?.forEach ?? step.forEach;
  const until = plan?.until;
  return [
    ...(loop ? [`↻ for each ${loop.as} in ${loop.items}${runs ? ` · ${runs} runs` : ""}`] : []),
    ...(plan?.when ?? step.when ? [`? when ${plan?.when ?? step.when}`] : []),
    ...(until ? [`⟳ until ${until.rule} (every ${until.everyMs} ms, ${until.times}×)`] : []),
    ...(plan?.delayMs ? [`⏱ ${plan.delayMs} ms`] : []),
  ];
}

function summary(events: FlowStepEvent[], loop: boolean): string {
  if (events.length === 0) return "";
  const ran = events.filter((e) => !e.step.skipped);
  if (ran.length === 0) return "skipped";
  if (events.length === 1 && !loop) {
    const { step } = events[0];
    const attempts = step.attempts ? ` · ${step.attempts}×` : "";
    return `${step.passed ? "✓" : "✗"} ${step.status || ""} · ${step.duration_ms} ms${attempts}`;
  }
  const failed = ran.filter((e) => !e.step.passed).length;
  return `${ran.length - failed}✓${failed ? ` ${failed}✗` : ""}${
    events.length > ran.length ? ` ${events.length - ran.length}–` : ""
  }`;
}

export function StepCard(
  { step, index, info, plan, events, selected, count, onSelect, onMove, onRemove }: {
    step: FlowStepDraft;
    index: number;
    info?: FlowResponse["steps"][number] | EndpointEntry;
    /** The step as planned, when the card shows the saved version of it. */
    plan?: PlanView;
    events: FlowStepEvent[];
    selected: boolean;
    count: number;
    onSelect: () => void;
    onMove: (delta: number) => void;
    onRemove: () => void;
  },
) {
  const state = stateOf(events);
  const group = plan?.kind === "flow";
  const loop = !!(plan?.forEach ?? step.forEach);
  const runs = loop ? new Set(events.map((e) => e.iteration).filter(Boolean)).size : 0;
  const lines = behaviour(plan, step, runs);
  return (
    <div
      class={`step-card ${selected ? "selected" : ""} state-${state} ${group ? "group" : ""}`}
      style={{
        height: `${CARD_HEIGHT}px`,
        marginBottom: `${CARD_GAP}px`,
        width: CARD_CSS_WIDTH,
      }}
      data-testid="step-card"
    >
      <button type="button" class="step-main" onClick={onSelect} aria-pressed={selected}>
        <span class="step-number">{index + 1}</span>
        <span class="step-body">
          <span class="step-name">{step.name}</span>
          <span class="step-endpoint">
            {group && <span class="badge subflow" data-testid="subflow">sub-flow</span>}
            {info && "method" in info && info.method && <MethodBadge method={info.method} />}
            <code>{info && "path" in info && info.path ? info.path : step.endpoint}</code>
          </span>
          <span class="step-vars muted">
            {[
              step.captures.length
                ? `captures ${step.captures.map((c) => c.variable).join(", ")}`
                : "",
              step.injects.length ? `uses ${step.injects.join(", ")}` : "",
              step.asserts.filter((a) => a.trim()).length
                ? `${step.asserts.filter((a) => a.trim()).length} assert(s)`
                : "",
              group
                ? `${plan!.children.length} step(s): ${
                  plan!.children.map((c) => c.name.split(" › ").at(-1)).join(", ")
                }`
                : "",
            ].filter(Boolean).join(" · ")}
          </span>
          {lines.length > 0 && (
            <span class="step-behaviour" data-testid="step-behaviour">{lines.join("  ")}</span>
          )}
          <span class="step-runs" aria-label="Runs of this step">
            {plan && (group || loop) && events.map((event, i) => (
              <span
                key={i}
                class={`run-chip ${chipState(event)}`}
                title={event.step.hint ?? `${event.step.status} · ${event.step.duration_ms} ms`}
                data-testid="step-run"
              >
                {chipLabel(event, plan)}
              </span>
            ))}
          </span>
        </span>
        <span class={`step-state ${state}`} data-testid="step-state">
          {summary(events, loop || group)}
        </span>
      </button>
      <div class="step-actions">
        <button
          type="button"
          class="icon"
          aria-label={`Move step ${index + 1} up`}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          ↑
        </button>
        <button
          type="button"
          class="icon"
          aria-label={`Move step ${index + 1} down`}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          ↓
        </button>
        <button
          type="button"
          class="icon danger"
          aria-label={`Remove step ${index + 1}`}
          onClick={onRemove}
        >
          ×
        </button>
      </div>
    </div>
  );
}
