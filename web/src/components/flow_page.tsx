/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The flow canvas: steps as cards in run order, capture → inject links drawn
 * beside them, each step's result after a run. Steps can be added, removed,
 * reordered and edited; Save writes the `## Steps` section back in the flow
 * syntax (everything else in the file stays as written).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import {
  type FlowStepDraft,
  replaceFlowSteps,
  setFlowSwitch,
  stepDraftOf,
} from "../../../src/engine/render/flow_md.ts";
import { api, ApiFailure, type FlowStepEvent, runFlow } from "../api.ts";
import { subscribe } from "../live.ts";
import { hrefFor, linkClick, setLeaveGuard } from "../router.ts";
import type { EndpointEntry, FlowResponse, FlowResult, Issue } from "../types.ts";
import {
  CodeBlock,
  IssueList,
  PagePlaceholder,
  PageTitle,
  toast,
  useModShortcuts,
} from "./common.tsx";
import { FlowToolbar, FlowVerdict } from "./flow_toolbar.tsx";
import { CARD_CSS_WIDTH, eventsFor, StepCard } from "./flow_card.tsx";
import { capturesUnder, cleanSteps, danglingInjects } from "./flow_links.ts";
import { Links } from "./flow_links_svg.tsx";
import { StepPanel } from "./flow_step_panel.tsx";
import { FileButtons } from "./file_dialogs.tsx";

export function FlowPage(
  { file, env, environments, onEnv, endpoints }: {
    file: string;
    env: string;
    environments: string[];
    onEnv: (env: string) => void;
    endpoints: EndpointEntry[];
  },
) {
  const [data, setData] = useState<FlowResponse>();
  const [error, setError] = useState<string>();
  const [steps, setSteps] = useState<FlowStepDraft[]>([]);
  const [switches, setSwitches] = useState({ parallel: false, continueOnError: false });
  const [selected, setSelected] = useState(0);
  const [issues, setIssues] = useState<Issue[]>([]);
  const [results, setResults] = useState<FlowStepEvent[]>([]);
  const [row, setRow] = useState<number>();
  const [final, setFinal] = useState<FlowResult>();
  const [running, setRunning] = useState(false);
  const [showSource, setShowSource] = useState(false);
  const [adding, setAdding] = useState("");

  const load = useCallback(async () => {
    try {
      const next = await api.flow(file);
      setData(next);
      setError(undefined);
      setSteps(next.flow ? next.flow.steps.map(stepDraftOf) : []);
      setSwitches({
        parallel: next.flow?.parallel ?? false,
        continueOnError: next.flow?.continueOnError ?? false,
      });
      setIssues(next.issues);
    } catch (e) {
      setError((e as Error).message);
    }
  }, [file]);

  useEffect(() => {
    setResults([]);
    setFinal(undefined);
    setSelected(0);
    load();
  }, [file]);

  const text = useMemo(() => {
    if (!data) return "";
    let out = replaceFlowSteps(data.text, cleanSteps(steps));
    if (switches.parallel !== (data.flow?.parallel ?? false)) {
      out = setFlowSwitch(out, "parallel", switches.parallel);
    }
    if (switches.continueOnError !== (data.flow?.continueOnError ?? false)) {
      out = setFlowSwitch(out, "continue-on-error", switches.continueOnError);
    }
    return out;
  }, [data, steps, switches]);
  const dirty = data !== undefined && data.flow !== null &&
    text !== replaceFlowSteps(data.text, data.flow.steps.map(stepDraftOf));
  // Only edited steps keep a run from starting: the switches are sent with the run.
  const stepsDirty = data !== undefined && data.flow !== null &&
    replaceFlowSteps(data.text, cleanSteps(steps)) !==
      replaceFlowSteps(data.text, data.flow.steps.map(stepDraftOf));
  const dirtyRef = useRef(false);
  dirtyRef.current = dirty;
  const stepsDirtyRef = useRef(false);
  stepsDirtyRef.current = stepsDirty;

  useEffect(() =>
    subscribe((event) => {
      if (event.type === "change" && event.paths.includes(file) && !dirtyRef.current) load();
    }), [file, load]);

  useEffect(() => {
    setLeaveGuard(dirty ? () => confirm("Discard unsaved changes to this flow?") : undefined);
    return () => setLeaveGuard(undefined);
  }, [dirty]);

  const save = useCallback(async () => {
    try {
      const result = await api.saveFlow(file, text);
      toast(`Saved ${result.file}`, "ok");
      await load();
    } catch (e) {
      if (e instanceof ApiFailure) {
        setIssues(e.issues);
        toast(`${e.message}. ${e.fix}`, "error");
      } else toast(String(e), "error");
    }
  }, [file, text]);

  const run = useCallback(async () => {
    if (running) return;
    if (stepsDirtyRef.current) {
      toast("Save the flow first: runs use the steps on disk", "info");
      return;
    }
    setRunning(true);
    setResults([]);
    setFinal(undefined);
    setRow(undefined);
    try {
      const result = await runFlow(
        file,
        env,
        { parallel: switches.parallel, continueOnError: switches.continueOnError },
        (event) => setResults((list) => [...list, event]),
      );
      setFinal(result);
    } catch (e) {
      toast(e instanceof ApiFailure ? `${e.message}. ${e.fix}` : String(e), "error");
    } finally {
      setRunning(false);
    }
  }, [file, env, running, switches]);

  useModShortcuts({ s: save, Enter: run }, [save, run]);

  if (error || !data) return <PagePlaceholder error={error} />;

  const infoFor = (step: FlowStepDraft, index: number) =>
    data.steps[index]?.endpoint === step.endpoint
      ? data.steps[index]
      : endpoints.find((e) => e.file === step.endpoint);
  const uses = steps.map((s, i) => {
    const info = infoFor(s, i);
    return info && "uses" in info ? info.uses : undefined;
  });
  // The plan describes the saved steps: a card shows it while its step is the saved one.
  const planFor = (step: FlowStepDraft, index: number) =>
    data.plan[index]?.endpoint === step.endpoint ? data.plan[index] : undefined;
  const eventsOf = (step: FlowStepDraft, index: number) =>
    eventsFor(planFor(step, index)?.id, results, row);
  const resultFor = (step: FlowStepDraft, index: number) =>
    eventsOf(step, index).filter((e) => !e.step.skipped).at(-1)?.step ??
      eventsOf(step, index).at(-1)?.step;
  const move = (index: number, delta: number) => {
    const next = [...steps];
    const [item] = next.splice(index, 1);
    next.splice(index + delta, 0, item);
    setSteps(next);
    setSelected(index + delta);
  };
  const produces = steps.map((s, i) => {
    const plan = planFor(s, i);
    return plan?.kind === "flow" ? capturesUnder(plan) : undefined;
  });
  const dangling = danglingInjects(steps, produces);
  const current = steps[selected];
  const capturedBefore = [
    ...new Set(
      steps.slice(0, selected).flatMap((s, i) => [
        ...s.captures.map((c) => c.variable),
        ...(produces[i] ?? []),
      ]).filter(Boolean),
    ),
  ];

  return (
    <div class="page flow-page">
      <header class="page-head">
        <div class="title-line">
          <span class="flow-icon" aria-hidden="true">⇢</span>
          <PageTitle testid="flow-title">{data.flow?.title ?? file}</PageTitle>
        </div>
        <div class="subtitle">
          <span class="muted file">{file}</span>
          {data.flow?.description && <span>{data.flow.description}</span>}
          {data.data && (
            <span class="muted" data-testid="flow-data">runs once per row of {data.data}</span>
          )}
        </div>
        <FileButtons file={file} />
      </header>
      <FlowToolbar
        env={env}
        environments={environments}
        onEnv={onEnv}
        running={running}
        onRun={run}
        dirty={dirty}
        onSave={save}
        switches={switches}
        onSwitches={setSwitches}
        showSource={showSource}
        onShowSource={setShowSource}
      />
      {final && <FlowVerdict result={final} row={row} onRow={setRow} />}
      <IssueList issues={[...issues, ...(final?.issues ?? [])]} />
      {dangling.length > 0 && (
        <p class="warning-box">
          {dangling.map((d) =>
            `Step ${d.step + 1} injects "${d.variable}", which no earlier step captures`
          ).join("; ")}
        </p>
      )}
      <div class="canvas-wrap">
        <div class="canvas" data-testid="flow-canvas">
          <div class="cards">
            {steps.map((step, index) => (
              <StepCard
                key={`${index}:${step.endpoint}`}
                step={step}
                index={index}
                count={steps.length}
                info={infoFor(step, index)}
                plan={planFor(step, index)}
                events={eventsOf(step, index)}
                selected={index === selected}
                onSelect={() => setSelected(index)}
                onMove={(delta) => move(index, delta)}
                onRemove={() => {
                  setSteps(steps.filter((_, j) => j !== index));
                  setSelected(Math.max(0, Math.min(selected, steps.length - 2)));
                }}
              />
            ))}
            <form
              class="add-step"
              style={{ width: CARD_CSS_WIDTH }}
              onSubmit={(e) => {
                e.preventDefault();
                const entry = endpoints.find((x) => x.file === adding);
                if (!entry) return;
                setSteps([...steps, {
                  name: entry.title,
                  endpoint: entry.file,
                  captures: [],
                  injects: [],
                  asserts: [],
                }]);
                setSelected(steps.length);
                setAdding("");
              }}
            >
              <select
                aria-label="Endpoint for a new step"
                value={adding}
                onChange={(e) => setAdding((e.target as HTMLSelectElement).value)}
              >
                <option value="">Add a step…</option>
                {endpoints.map((e) => (
                  <option key={e.file} value={e.file}>{e.method} {e.path} · {e.title}</option>
                ))}
              </select>
              <button type="submit" disabled={!adding}>Add step</button>
            </form>
          </div>
          <Links steps={steps} uses={uses} produces={produces} />
        </div>
        {current && (
          <StepPanel
            step={current}
            index={selected}
            endpoints={endpoints}
            captured={capturedBefore}
            result={resultFor(current, selected)}
            onChange={(step) => setSteps(steps.map((s, j) => (j === selected ? step : s)))}
          />
        )}
      </div>
      {current && infoFor(current, selected) && (
        <p class="muted">
          Open the endpoint:{" "}
          <a
            href={hrefFor({ name: "spec", file: current.endpoint })}
            onClick={(e) => linkClick(e, hrefFor({ name: "spec", file: current.endpoint }))}
          >
            {current.endpoint}
          </a>
        </p>
      )}
      {showSource && <CodeBlock label="Flow markdown" text={text} />}
    </div>
  );
}
