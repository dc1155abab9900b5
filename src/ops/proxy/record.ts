/**
 * `proxy --record <dir>`: an exchange that no endpoint file documents becomes
 * a draft endpoint file `<dir>/apis/<resource>/<method>-<slug>.md`, written as
 * `request --save` writes (credentials as `{{variables}}`), and never over an
 * existing file, nor through a link out of `dir`.
 */
import { join } from "../../adapters/path.ts";
import {
  draftFromExchange,
  type LiveExchange,
  renderExchangeDraft,
} from "../../convert/from_exchange.ts";
import { parseEndpoint } from "../../engine/parse/spec.ts";
import { createInside } from "../../adapters/contain.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { displayPath } from "../collection/load.ts";

export type RecordOutcome =
  | { written: string }
  | { exists: string }
  /** Not written: the draft would not validate, or its folder leaves `dir` through a link. */
  | { invalid: string; reason: string };

/** Writes the draft of one exchange under `dir`; the file's display path in every outcome. */
export async function recordExchange(
  dir: string,
  exchange: LiveExchange,
  ctx: OpsContext,
  /** What the draft says it was made by. */
  source = "`apispec proxy --record`",
): Promise<RecordOutcome> {
  const drafted = draftFromExchange(exchange, source);
  const text = renderExchangeDraft(drafted);
  const path = join(dir, drafted.file);
  const shown = displayPath(path, ctx.cwd);
  // A draft must pass `validate` as written; one that would not is reported, not written.
  const { issues } = parseEndpoint(text, shown);
  const error = issues.find((i) => i.severity === "error");
  if (error) return { invalid: shown, reason: error.message };
  const created = await createInside(dir, path, text);
  if (typeof created === "object") return { invalid: shown, reason: created.refused };
  return created === "created" ? { written: shown } : { exists: shown };
}
