/** The input and output of the context renderer, shared by its modes. */
import type { AuthKind, EndpointSpec } from "../model.ts";
import type { ContextMode, ContextPart } from "./context_intent.ts";

export interface ContextEndpoint {
  /** Path as shown, relative to the project root. */
  file: string;
  spec: EndpointSpec;
  auth: AuthKind;
  /** `resolved` is set only when the environment was checked (the debug intent). */
  variables: { name: string; resolved?: boolean }[];
  /** `target`: asked for; `step`: used by a flow asked for. */
  role: "target" | "step";
}

export interface ContextFlowStep {
  name: string;
  file: string;
  method?: string;
  path?: string;
  captures: string[];
  injects: string[];
}

export interface ContextFlow {
  file: string;
  name: string;
  title: string;
  steps: ContextFlowStep[];
}

export interface OverviewEntry {
  kind: "endpoint" | "flow";
  file: string;
  method: string;
  path: string;
  title: string;
}

export interface ContextInput {
  intent: string;
  mode: ContextMode;
  env: string;
  tokenBudget: number;
  maxFields: number;
  parts: ContextPart[];
  verbose: boolean;
  /** What the context covers, for the header: `changed since main (3 specs)`. */
  scope: string;
  endpoints: ContextEndpoint[];
  flows: ContextFlow[];
  invalid: { file: string; message: string }[];
  /** The whole collection, one line each, when no target was named. */
  overview: OverviewEntry[];
  /** Compact mode: other endpoints of the targets' resources, one line each. */
  related: OverviewEntry[];
  /** Commands that check the whole scope (`apispec check ...`). */
  scopeVerify: string[];
}

export interface ContextOutput {
  text: string;
  tokens: number;
  /** Lines (or, in schema mode, items) left out for the budget. */
  omitted: number;
  /** Schema mode: the JSON document `text` holds. */
  contract?: unknown;
}
