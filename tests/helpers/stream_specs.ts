/**
 * Endpoint files of the stream and GraphQL tests, shared by the tests that
 * run them against real servers and against `apispec mock`.
 */

export function chatSpec(options: { stream?: string; events?: string; assertions?: string } = {}) {
  return `---
resource: chat
protocol: sse
method: POST
path: /v1/chat/completions
version: 1
${options.stream ?? 'stream:\n  until: "data: [DONE]"\n  max_ms: 5000'}
---
# Stream a chat completion

## Request

\`\`\`http
POST {{baseUrl}}/v1/chat/completions
Authorization: Bearer {{openaiKey}}
Content-Type: application/json

{"model": "gpt-test", "stream": true, "messages": [{"role": "user", "content": "Say hello"}]}
\`\`\`

## Expected response

\`\`\`http
HTTP/1.1 200 OK
Content-Type: text/event-stream
\`\`\`

## Expected events

\`\`\`sse
${
    options.events ??
      'data: {"choices": [{"delta": {"content": "Hel"}}]}\n\ndata: {"choices": [{"delta": {"content": "Ada"}}]}\n\ndata: [DONE]'
  }
\`\`\`
${options.assertions ? `\n## Assertions\n\n${options.assertions}\n` : ""}`;
}

export function pricesSpec(
  script: string,
  options: { stream?: string; extra?: string; target?: string } = {},
) {
  return `---
resource: prices
protocol: ws
method: GET
path: /prices
version: 1
${options.stream ?? "stream:\n  max_ms: 2000"}
---
# Price feed

## Request

\`\`\`http
GET ${options.target ?? "{{wsUrl}}/prices"}
Authorization: Bearer {{wsToken}}
Sec-WebSocket-Protocol: prices.v1
\`\`\`

## Messages

\`\`\`ws
${script}
\`\`\`
${options.extra ?? ""}`;
}

export function userQuery(
  options: { query?: string; variables?: string; expected?: string; assertions?: string } = {},
) {
  return `---
resource: users
protocol: graphql
method: POST
path: /graphql
version: 1
---
# Get a user

## Request

\`\`\`http
POST {{baseUrl}}/graphql
\`\`\`

## Query

\`\`\`graphql
${
    options.query ??
      "query GetUser($id: ID!) {\n  user(id: $id) {\n    id\n    name\n    role\n  }\n}"
  }
\`\`\`

## Variables

\`\`\`json
${options.variables ?? '{"id": "{{userId}}"}'}
\`\`\`

## Expected response

\`\`\`http
HTTP/1.1 200 OK

${options.expected ?? '{"data": {"user": {"id": "1", "name": "Ada", "role": "ADMIN"}}}'}
\`\`\`
${options.assertions ? `\n## Assertions\n\n${options.assertions}\n` : ""}`;
}

/** A price feed's script: welcome, subscribe, a price, then the server closes on `bye`. */
export const SUBSCRIBE = `< {"type": "welcome", "user": "ada"}
> {"type": "subscribe", "channel": "prices"}
< {"type": "subscribed", "channel": "prices"}
< {"type": "price", "symbol": "BTC", "price": 1.5}
> bye
close: 4000`;
