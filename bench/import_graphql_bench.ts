/**
 * `apispec import graphql` of a large schema: a generated SDL with 2,000 query
 * and mutation fields over 100 object types (each with scalar, enum, list and
 * object fields, required and optional arguments, input objects), written as
 * 2,000 endpoint files into an empty folder. Fresh processes, median of the
 * rounds. Target: ≤ 2 s. Writing 2,000 files is most of the time on a busy
 * disk: `--dir /dev/shm` runs on tmpfs, which leaves apispec's own work.
 *
 * Run: `deno task bench import_graphql` (add `-- --dir /dev/shm` for tmpfs).
 */
import {
  apispecProgram,
  loadNote,
  meanCpu,
  median,
  option,
  timeProcess,
  verdict,
} from "./_measure.ts";

const FIELDS = 2000;
const TYPES = 100;
const ROUNDS = 3;
const TARGET_MS = 2000;
const ROOT = new URL("..", import.meta.url).pathname;

function schema(): string {
  const parts = ["enum Status { ACTIVE SUSPENDED DELETED }"];
  for (let t = 0; t < TYPES; t++) {
    parts.push(
      `"Type ${t}"\ntype T${t} {\n  id: ID!\n  name: String!\n  count: Int\n  score: Float!\n` +
        `  active: Boolean!\n  status: Status!\n  tags: [String!]!\n  note: String\n` +
        `  next: T${(t + 1) % TYPES}\n  items(first: Int!): [T${(t + 2) % TYPES}!]!\n}`,
      `input T${t}Input {\n  name: String!\n  status: Status!\n  count: Int\n  nested: T${
        (t + 1) % TYPES
      }Input\n}`,
    );
  }
  const queries: string[] = [];
  const mutations: string[] = [];
  for (let f = 0; f < FIELDS; f++) {
    const t = f % TYPES;
    if (f % 4 === 3) {
      mutations.push(`  update${f}(id: ID!, input: T${t}Input!): T${t}!`);
    } else {
      queries.push(
        f % 2 === 0
          ? `  "Field ${f}"\n  get${f}(id: ID!, verbose: Boolean): T${t}`
          : `  list${f}(first: Int = 10, status: Status!): [T${t}!]!`,
      );
    }
  }
  parts.push(
    `type Query {\n${queries.join("\n")}\n}`,
    `type Mutation {\n${mutations.join("\n")}\n}`,
  );
  return parts.join("\n\n") + "\n";
}

const PARENT = option(Deno.args, "dir");
const dir = await Deno.makeTempDir({
  prefix: "apispec-import-graphql-bench-",
  ...(PARENT ? { dir: PARENT } : {}),
});
try {
  const sdl = schema();
  await Deno.writeTextFile(`${dir}/schema.graphql`, sdl);
  const program = apispecProgram(ROOT, undefined);
  const runs = [];
  for (let round = 0; round < ROUNDS; round++) {
    const out = `${dir}/round-${round}`;
    await Deno.mkdir(out);
    runs.push(
      await timeProcess(program.command, [
        ...program.args,
        "import",
        "graphql",
        "../schema.graphql",
        "--output=json",
      ], { cwd: out }),
    );
    let files = 0;
    for await (const _ of Deno.readDir(`${out}/api-docs/apis/graphql`)) files++;
    if (files !== FIELDS) throw new Error(`wrote ${files} files, expected ${FIELDS}`);
  }
  const wall = median(runs.map((r) => r.wallMs));
  console.log(
    `import_graphql: ${FIELDS} fields (${(sdl.length / 1024).toFixed(0)} KB of SDL) → ${FIELDS} ` +
      `files in ${PARENT ?? "the temp folder"} ${loadNote()}`,
  );
  console.log(
    `  median ${(wall / 1000).toFixed(2)} s (cpu ${meanCpu(runs)}); target ≤ ${
      TARGET_MS / 1000
    } s: ${verdict(wall, TARGET_MS)}`,
  );
} finally {
  await Deno.remove(dir, { recursive: true });
}
