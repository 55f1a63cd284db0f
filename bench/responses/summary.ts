/**
 * Summary of answers benchmark (decision 072): one callout with 100,000
 * responses to a form with an input of every kind the summary tells apart,
 * in a real PostgreSQL server started for the run. Times over HTTP the
 * summary of every response (a rule that matches all but changes each run,
 * so nothing comes from the cache), the same from the cache, and a summary
 * filtered by bucket and answer. Prints numbers next to the 1 s goal; it does
 * not pass or fail. Also prints the size of the responses and of their stored
 * words and dates, how long the data upgrade takes to store them for every
 * response (decision 084), and what writing one response with a 20-word story
 * costs.
 *
 *   npm run bench:summary            (RESPONSES=20000 for a quicker run)
 */
import { copyFileSync, mkdirSync } from "node:fs";
import pg from "pg";
import { makeCallout } from "../../apps/server/test/helpers/callout-factory.js";
import { startPostgres } from "../../apps/server/test/helpers/postgres-server.js";
import { summaryForm } from "../../apps/server/test/helpers/summary-fixture.js";
import * as summaryService from "../../apps/server/src/modules/responses/summary/service.js";
import {
  AUTO_EXPLAIN_SETTINGS,
  benchAdminCookie,
  createBenchDatabase,
  insertBenchAdmin,
  listenOnBenchDatabase,
  median,
} from "../postgres.js";

const COUNT = Number(process.env.RESPONSES ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 7);
const GOAL_MS = 1000;
/** Single responses written to time what an answer costs to store. */
const WRITES = Number(process.env.WRITES ?? 200);

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** EXPLAIN=1 logs the plan (with buffers) of every statement slower than 20 ms to bench/results/summary-plans.log. */
const explain = process.env.EXPLAIN === "1";
const server = await startPostgres(explain ? [...AUTO_EXPLAIN_SETTINGS, "auto_explain.log_buffers=on"] : []);
try {
  const { url, database } = await createBenchDatabase(server);
  const seedStarted = performance.now();
  await insertBenchAdmin(database);
  const callout = await makeCallout(database.db, { now: () => new Date() }, { formSchema: summaryForm() });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Answers that vary with the response number: a story of 8 to 20 words from a small vocabulary,
  // an address around a city, a date within a year; every 10th response verified.
  await client.query(
    `INSERT INTO callout_responses (id, callout_id, number, answers, bucket, created_at, updated_at)
     SELECT gen_random_uuid(), $1, n,
       jsonb_build_object('s1', jsonb_build_object(
         'mood', (ARRAY['happy', 'sad', 'meh'])[1 + n % 3],
         'topics', jsonb_build_object('housing', n % 2 = 0, 'transport', n % 3 = 0, 'schools', n % 5 = 0),
         'agree', n % 4 = 0,
         'colour', CASE WHEN n % 7 = 0 THEN 'blue' ELSE 'red' END,
         'age', 18 + n % 70,
         'rent', 300 + (n % 1500) * 1.25,
         'when', to_char(timestamp '2025-01-01' + make_interval(hours => n % 8760), 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
         'story', (SELECT string_agg((ARRAY['the', 'river', 'flooded', 'our', 'street', 'again', 'and', 'the',
                     'bus', 'was', 'late', 'rent', 'is', 'too', 'high', 'for', 'families', 'near', 'school'])[1 + (n * 7 + k * 13) % 19], ' ')
                   FROM generate_series(1, 8 + n % 13) AS k),
         'where', jsonb_build_object('formatted_address', 'Somewhere ' || n,
                   'geometry', jsonb_build_object('location', jsonb_build_object('lat', 52.4 + (n % 100) / 500.0, 'lng', 13.3 + (n % 97) / 500.0))),
         'photo', CASE WHEN n % 9 = 0 THEN jsonb_build_object('url', 'https://files.example/' || n || '.jpg') END,
         'email', 'person' || n || '@example.org')),
       CASE n % 10 WHEN 0 THEN 'verified' ELSE '' END,
       now() - make_interval(secs => $2 - n), now() - make_interval(secs => $2 - n)
     FROM generate_series(1, $2::int) AS n`,
    [callout.id, COUNT],
  );
  await client.query("UPDATE callouts SET last_response_number = $2 WHERE id = $1", [callout.id, COUNT]);
  process.stdout.write(`generated ${COUNT} responses in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s\n`);
  // The stored words and dates, written again by the data upgrade as for a database of responses older than them.
  const found = await client.query<{ stored: boolean }>(
    "SELECT to_regclass('callout_response_values') IS NOT NULL AS stored",
  );
  // Run on a version before the stored words, the bench still measures the summary.
  const { storeSummaryWordsAndDates } = summaryService as Partial<typeof summaryService>;
  if (found.rows[0]?.stored && storeSummaryWordsAndDates) {
    await client.query("TRUNCATE callout_response_values");
    const upgradeStarted = performance.now();
    const rows = await database.db.transaction((tx) => storeSummaryWordsAndDates(tx));
    process.stdout.write(
      `data upgrade stored ${rows} rows of words and dates in ${((performance.now() - upgradeStarted) / 1000).toFixed(1)} s\n`,
    );
  }
  await client.query("VACUUM ANALYZE");
  const sizes = (
    await client.query(
      `SELECT pg_size_pretty(pg_total_relation_size('callout_responses')) AS responses,
         pg_size_pretty(pg_total_relation_size(to_regclass('callout_response_values'))) AS values`,
    )
  ).rows[0] as { responses: string; values: string | null };
  process.stdout.write(
    `responses ${sizes.responses} with indexes${sizes.values ? `, stored words and dates ${sizes.values}` : ""}\n`,
  );

  const { app, address } = await listenOnBenchDatabase(url, database);
  const headers = { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" };
  const cookie = await benchAdminCookie(address);
  const timed = async (path: string) => {
    const started = performance.now();
    const response = await fetch(`${address}/api/1.0${path}`, { headers: { ...headers, cookie } });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
    return { elapsed: performance.now() - started, text };
  };
  const summaryPath = (rules: unknown[]) =>
    `/callout/${callout.id}/responses/summary?rules=${encodeURIComponent(JSON.stringify({ condition: "AND", rules }))}`;
  // A date a day ahead that moves by a whole second each run: rules compare dates to the second,
  // so each run has its own cache key and computes afresh.
  const dayAhead = (run: number) => new Date(Date.now() + 86_400_000 + (run + 1) * 1000).toISOString();
  // Matches every response.
  const everything = (run: number) => summaryPath([{ field: "createdAt", operator: "less", value: [dayAhead(run)] }]);

  const first = await timed(everything(-1));
  const total = (JSON.parse(first.text) as { total: number }).total;
  if (total !== COUNT) throw new Error(`summarised ${total} responses`);
  const fresh: number[] = [];
  for (let run = 0; run < RUNS; run++) fresh.push((await timed(everything(run))).elapsed);
  const cachedPath = everything(RUNS);
  await timed(cachedPath);
  const cached: number[] = [];
  for (let run = 0; run < RUNS; run++) cached.push((await timed(cachedPath)).elapsed);
  const filtered: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    filtered.push(
      (
        await timed(
          summaryPath([
            { field: "bucket", operator: "is_empty", value: [] },
            { field: "answers.s1.mood", operator: "equal", value: ["happy"] },
            { field: "createdAt", operator: "less", value: [dayAhead(run)] },
          ]),
        )
      ).elapsed,
    );
  }
  const verdict = (value: number) => (value < GOAL_MS ? "under the 1 s goal" : "OVER the 1 s goal");
  process.stdout.write(`\n${"summary of".padEnd(40)} ${"median".padStart(10)}  (${RUNS} runs)\n`);
  const line = (label: string, value: number, goal = true) =>
    process.stdout.write(`${label.padEnd(40)} ${ms(value).padStart(10)}  ${goal ? verdict(value) : ""}\n`);
  line(`all ${COUNT} responses, computed`, median(fresh));
  line("the same, from the cache", median(cached), false);
  line("inbox bucket + one answer, computed", median(filtered));

  // What one answer costs to write: a response with a 20-word story, one statement and commit each.
  const story = Array.from(
    { length: 20 },
    (_, index) => ["river", "flooded", "street", "bus", "late", "rent"][index % 6],
  ).join(" ");
  const writes: number[] = [];
  for (let run = 0; run < WRITES; run++) {
    const answers = { s1: { mood: "sad", age: 40, when: "2025-06-01T10:00:00Z", story: `${story} ${run}` } };
    const started = performance.now();
    await client.query(
      `INSERT INTO callout_responses (id, callout_id, number, answers, created_at, updated_at)
       VALUES (gen_random_uuid(), $1, $2, $3, now(), now())`,
      [callout.id, COUNT + 1 + run, JSON.stringify(answers)],
    );
    writes.push(performance.now() - started);
  }
  line(`writing one response (${WRITES} runs)`, median(writes), false);
  await client.end();
  await app.close();
  await database.close();
} finally {
  if (explain) {
    mkdirSync("bench/results", { recursive: true });
    copyFileSync(server.logFile, "bench/results/summary-plans.log");
  }
  await server.stop();
}
