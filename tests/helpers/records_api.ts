/**
 * A small stateful JSON API on 127.0.0.1 for ordering and concurrency tests:
 * `/<resource>/<id>` records with GET, POST (to `/<resource>`), PUT, PATCH and
 * DELETE, a journal of every write, and the interval of every request on the
 * server's clock. A request is held until another one is in flight (at most
 * `holdMs`), so requests that may overlap do overlap.
 */
export interface Interval {
  method: string;
  path: string;
  /** First path segment. */
  resource: string;
  start: number;
  end: number;
  status: number;
  authorization: string | null;
}

export interface RecordsApi extends AsyncDisposable {
  url: string;
  intervals: Interval[];
  /** Record key (`posts/1`) → its versions, oldest first; `null` marks a delete. */
  journal: Map<string, (Record<string, unknown> | null)[]>;
  records: Map<string, Record<string, unknown>>;
}

const json = (body: unknown, status = 200) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { "content-type": "application/json" },
  });

export function startRecordsApi(
  seed: Record<string, Record<string, unknown>>,
  options: { holdMs?: number } = {},
): RecordsApi {
  const records = new Map(Object.entries(seed).map(([k, v]) => [k, { ...v }]));
  const journal = new Map(
    [...records].map(([k, v]) => [k, [{ ...v }] as (Record<string, unknown> | null)[]]),
  );
  const intervals: Interval[] = [];
  let inFlight = 0;
  let arrivals: (() => void)[] = [];
  let nextId = 1000;
  const write = (key: string, value: Record<string, unknown> | null) => {
    if (value) records.set(key, value);
    else records.delete(key);
    journal.set(key, [...(journal.get(key) ?? []), value && { ...value }]);
  };

  const handle = (method: string, segments: string[], body: string): Response => {
    const [resource, id] = segments;
    const key = `${resource}/${id}`;
    const current = records.get(key);
    const input = body ? JSON.parse(body) : {};
    if (method === "POST" && id === undefined) {
      const created = { ...input, id: nextId++ };
      write(`${resource}/${created.id}`, created);
      return json(created, 201);
    }
    if (!current) return json({ error: "not found", key }, 404);
    if (method === "GET") return json(current);
    if (method === "PUT") {
      write(key, { ...input, id: current.id });
      return json(records.get(key));
    }
    if (method === "PATCH") {
      write(key, { ...current, ...input });
      return json(records.get(key));
    }
    if (method === "DELETE") {
      write(key, null);
      return json(undefined, 204);
    }
    return json({ error: "method not allowed" }, 405);
  };

  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    async (request) => {
      const start = performance.now();
      const body = await request.text();
      inFlight++;
      for (const arrived of arrivals.splice(0)) arrived();
      if (inFlight === 1 && (options.holdMs ?? 150) > 0) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await new Promise<void>((resolve) => {
          arrivals.push(resolve);
          timer = setTimeout(resolve, options.holdMs ?? 150);
        });
        clearTimeout(timer);
      }
      const segments = new URL(request.url).pathname.split("/").filter(Boolean);
      const response = handle(request.method, segments, body);
      inFlight--;
      intervals.push({
        method: request.method,
        path: new URL(request.url).pathname,
        resource: segments[0] ?? "",
        start,
        end: performance.now(),
        status: response.status,
        authorization: request.headers.get("authorization"),
      });
      return response;
    },
  );
  return {
    url: `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}`,
    intervals,
    journal,
    records,
    [Symbol.asyncDispose]: async () => {
      arrivals = [];
      await server.shutdown();
    },
  };
}

/** Pairs of requests whose intervals overlap. */
export function overlaps(intervals: Interval[]): [Interval, Interval][] {
  const pairs: [Interval, Interval][] = [];
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length && sorted[j].start < sorted[i].end; j++) {
      pairs.push([sorted[i], sorted[j]]);
    }
  }
  return pairs;
}
