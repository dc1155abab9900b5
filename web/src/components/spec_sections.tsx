/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The sections of an endpoint file as the spec page shows them: request,
 * expected response, schema, error responses, assertions, agent tests, notes.
 */
import { renderMarkdown } from "../markdown.ts";
import type { EndpointSpec } from "../types.ts";
import { prettyExpected } from "../../../src/engine/render/body_view.ts";
import { CodeBlock, Section } from "./common.tsx";

function httpText(
  block: { headers: { name: string; value: string }[]; body: string },
  first: string,
): string {
  return [
    first,
    ...block.headers.map((h) => `${h.name}: ${h.value}`),
    // A one-line JSON body reads better indented; placeholders stay as written.
    ...(block.body ? ["", prettyExpected(block.body)] : []),
  ].join("\n");
}

export function SpecSections({ spec }: { spec: EndpointSpec }) {
  const e = spec.expected;
  return (
    <>
      <Section title="Request" id="request">
        <CodeBlock
          label="Request block"
          text={httpText(spec.request, `${spec.request.method} ${spec.request.target}`)}
        />
      </Section>
      <Section title="Expected response" id="expected">
        <CodeBlock
          label="Expected response block"
          text={httpText(e, `HTTP/1.1 ${e.status} ${e.reason}`.trim())}
        />
        <p class="muted">
          Match mode: {spec.match}
          {spec.ignore.length ? ` · ignoring ${spec.ignore.join(", ")}` : ""}
        </p>
      </Section>
      {spec.schema && (
        <Section title="Schema">
          <CodeBlock text={JSON.stringify(spec.schema.value, null, 2)} />
        </Section>
      )}
      {spec.errorResponses.length > 0 && (
        <Section title="Error responses">
          {spec.errorResponses.map((r, i) => (
            <CodeBlock key={i} text={httpText(r, `HTTP/1.1 ${r.status} ${r.reason}`.trim())} />
          ))}
        </Section>
      )}
      {spec.assertions.length > 0 && (
        <Section title="Assertions">
          <ul class="rules">
            {spec.assertions.map((a, i) => (
              <li key={i}>
                <code>{a.source}</code>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {spec.tests && (
        <Section title="Tests (for agents)">
          <CodeBlock text={spec.tests} />
        </Section>
      )}
      {spec.notes && (
        <Section title="Notes">
          <div class="prose" dangerouslySetInnerHTML={{ __html: renderMarkdown(spec.notes) }} />
        </Section>
      )}
    </>
  );
}
