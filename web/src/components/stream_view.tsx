/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * What a stream or binary answer adds to the response view: an SSE answer's
 * events on a timeline (each at the time it came, from the request), a
 * WebSocket exchange's message log, and a binary body's size, type and
 * SHA-256 (never its bytes).
 */
import type { HttpResponse } from "../types.ts";
import "./stream_view.css";

/** How many events or messages are drawn; the rest are counted. */
const SHOWN = 200;

export function StreamView({ response }: { response: HttpResponse }) {
  if (response.binary) {
    return (
      <p class="binary-body" data-testid="binary-body">
        Binary body: {response.binary.bytes}{" "}
        bytes{response.binary.type ? `, ${response.binary.type}` : ""} · sha256{" "}
        <code>{response.binary.sha256}</code>
      </p>
    );
  }
  if (response.events) return <EventTimeline events={response.events} />;
  if (response.messages) return <MessageLog messages={response.messages} />;
  return null;
}

function EventTimeline({ events }: { events: NonNullable<HttpResponse["events"]> }) {
  if (events.length === 0) return <p class="muted">No event was received.</p>;
  const last = Math.max(1, events[events.length - 1].ms);
  return (
    <div class="stream" data-testid="event-timeline">
      <h4>
        {events.length} event{events.length === 1 ? "" : "s"}, the first after {events[0].ms} ms
      </h4>
      <ol class="stream-list">
        {events.slice(0, SHOWN).map((event, i) => (
          <li key={i} class="stream-item">
            <span class="stream-time">{event.ms} ms</span>
            <span class="stream-bar" aria-hidden="true">
              <span class="stream-dot" style={{ left: `${(event.ms / last) * 100}%` }} />
            </span>
            <span class="stream-body">
              {event.event && <span class="badge">{event.event}</span>}
              {event.id && <span class="muted">id {event.id}</span>}
              <code class="stream-data">{event.data}</code>
            </span>
          </li>
        ))}
      </ol>
      {events.length > SHOWN && <p class="muted">… and {events.length - SHOWN} more</p>}
    </div>
  );
}

function MessageLog({ messages }: { messages: NonNullable<HttpResponse["messages"]> }) {
  if (messages.length === 0) return <p class="muted">No message was received.</p>;
  return (
    <div class="stream" data-testid="message-log">
      <h4>{messages.length} message{messages.length === 1 ? "" : "s"} received</h4>
      <ol class="stream-list">
        {messages.slice(0, SHOWN).map((message, i) => (
          <li key={i} class="stream-item">
            <span class="stream-time">{message.ms} ms</span>
            <span class="stream-direction" aria-label="received">←</span>
            <code class="stream-data stream-body">{message.data}</code>
          </li>
        ))}
      </ol>
      {messages.length > SHOWN && <p class="muted">… and {messages.length - SHOWN} more</p>}
    </div>
  );
}
