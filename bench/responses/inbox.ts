/**
 * Responses inbox benchmark: one callout with 100,000 responses (answers of
 * every filter type, three buckets, tags) in a real PostgreSQL server started
 * for the run, then the inbox calls timed over HTTP: the first page, an
 * answer filter combined with a tag and a bucket, a bulk move of 10,000
 * responses and the CSV export with the process's peak memory. Prints
 * numbers; it does not pass or fail.
 *
 *   npm run bench:responses            (RESPONSES=20000 for a quicker run)
 */
import { copyFileSync, mkdirSync } from "node:fs";
import pg from "pg";
import { makeCallout } from "../../apps/server/test/helpers/callout-factory.js";
import { inboxForm } from "../../apps/server/test/helpers/inbox-fixture.js";
import { startPostgres } from "../../apps/server/test/helpers/postgres-server.js";
import {
  AUTO_EXPLAIN_SETTINGS,
  benchAdminCookie,
  createBenchDatabase,
  insertBenchAdmin,
  listenOnBenchDatabase,
  median,
} from "../postgres.js";

const COUNT = Number(process.env.RESPONSES ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 20);

const ms = (value: number) => `${value.toFixed(1)} ms`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** EXPLAIN=1 logs the plan of every statement slower than 20 ms to bench/results/inbox-plans.log. */
const explain = process.env.EXPLAIN === "1";
const server = await startPostgres(explain ? AUTO_EXPLAIN_SETTINGS : []);
try {
  const { url, database } = await createBenchDatabase(server);

  const seedStarted = performance.now();
  await insertBenchAdmin(database);
  const callout = await makeCallout(database.db, { now: () => new Date() }, { formSchema: inboxForm() });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Responses one second apart; every 10th verified, every 10th + 1 in the trash.
  await client.query(
    `INSERT INTO callout_responses (id, callout_id, number, answers, bucket, created_at, updated_at)
     SELECT gen_random_uuid(), $1, n,
       jsonb_build_object(
         's1', jsonb_build_object(
           'name', 'Person ' || n,
           'story', 'Story number ' || n || CASE WHEN n % 7 = 0 THEN ' about the flooding' ELSE '' END,
           'age', n % 90,
           'agree', n % 2 = 0,
           'colour', CASE WHEN n % 3 = 0 THEN 'blue' ELSE 'red' END,
           'pets', jsonb_build_object('cats', n % 4 = 0, 'dogs', n % 5 = 0)),
         's2', '{}'::jsonb),
       CASE n % 10 WHEN 0 THEN 'verified' WHEN 1 THEN 'trash' ELSE '' END,
       now() - make_interval(secs => $2 - n), now() - make_interval(secs => $2 - n)
     FROM generate_series(1, $2::int) AS n`,
    [callout.id, COUNT],
  );
  await client.query("UPDATE callouts SET last_response_number = $2 WHERE id = $1", [callout.id, COUNT]);
  const tagIds: string[] = [];
  for (let index = 0; index < 10; index++) {
    const id = crypto.randomUUID();
    tagIds.push(id);
    await client.query("INSERT INTO callout_tags (id, callout_id, name, created_at) VALUES ($1, $2, $3, now())", [
      id,
      callout.id,
      `Tag ${index}`,
    ]);
    // Tag i on every response numbered i modulo 10: 10% each.
    await client.query(
      `INSERT INTO callout_response_tags (response_id, tag_id, created_at)
       SELECT id, $2, now() FROM callout_responses WHERE callout_id = $1 AND number % 10 = $3`,
      [callout.id, id, index],
    );
  }
  await client.query("ANALYZE");
  await client.end();
  process.stdout.write(`generated ${COUNT} responses in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s\n`);

  const { app, address } = await listenOnBenchDatabase(url, database);
  const headers = { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" };
  const cookie = await benchAdminCookie(address);
  const timed = async (method: string, path: string, body?: unknown) => {
    const started = performance.now();
    const response = await fetch(`${address}/api/1.0${path}`, {
      method,
      headers: { ...headers, cookie },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
    return { elapsed: performance.now() - started, text };
  };
  const rules = (list: unknown[]) => encodeURIComponent(JSON.stringify({ condition: "AND", rules: list }));
  const page = `/callout/${callout.id}/responses?limit=25&sort=createdAt&order=DESC&with=tags&with=assignee&with=latestComment&with=answers`;
  const cases: [string, string][] = [
    ["first page (inbox)", `${page}&rules=${rules([{ field: "bucket", operator: "is_empty", value: [] }])}`],
    [
      "answer + tag + bucket filter",
      `${page}&rules=${rules([
        { field: "answers.s1.story", operator: "contains", value: ["flooding"] },
        { field: "tags", operator: "contains", value: [tagIds[4]] },
        { field: "bucket", operator: "is_empty", value: [] },
      ])}`,
    ],
  ];
  process.stdout.write(`\n${"call".padEnd(32)} ${"median".padStart(10)}  (${RUNS} runs)\n`);
  for (const [label, path] of cases) {
    await timed("GET", path);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) times.push((await timed("GET", path)).elapsed);
    process.stdout.write(`${label.padEnd(32)} ${ms(median(times)).padStart(10)}\n`);
  }

  // 10,000 responses carry tag 3; move them to the trash and back, three times.
  const moves: number[] = [];
  for (let run = 0; run < 3; run++) {
    for (const bucket of ["trash", "verified"]) {
      const { elapsed, text } = await timed("PATCH", "/callout-responses", {
        rules: { condition: "AND", rules: [{ field: "tags", operator: "contains", value: [tagIds[3]] }] },
        updates: { bucket },
      });
      if ((JSON.parse(text) as { affected: number }).affected !== COUNT / 10) {
        throw new Error(`bulk move changed ${text}`);
      }
      moves.push(elapsed);
    }
  }
  process.stdout.write(`${`bulk move of ${COUNT / 10}`.padEnd(32)} ${ms(median(moves)).padStart(10)}\n`);

  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const exportStarted = performance.now();
  const response = await fetch(`${address}/api/1.0/callout/${callout.id}/responses.csv`, {
    headers: { cookie, "accept-encoding": "identity" },
  });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  }
  const seconds = (performance.now() - exportStarted) / 1000;
  clearInterval(sampler);
  process.stdout.write(
    `\nCSV export: ${lines - 1} rows, ${mib(bytes)} in ${seconds.toFixed(2)} s; ` +
      `process memory ${mib(baseline)} before, ${mib(peak)} at peak (+${mib(peak - baseline)})\n`,
  );
  await app.close();
  await database.close();
} finally {
  if (explain) {
    mkdirSync("bench/results", { recursive: true });
    copyFileSync(server.logFile, "bench/results/inbox-plans.log");
  }
  await server.stop();
}
