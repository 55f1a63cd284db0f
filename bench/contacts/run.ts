/**
 * Contacts benchmark: 100,000 contacts with profiles, roles and tags in a real
 * PostgreSQL server started for the run, then the list, search, filter,
 * segment-count and CSV-export calls timed over HTTP. Prints medians and
 * memory; it does not pass or fail.
 *
 *   npm run bench:contacts            (CONTACTS=20000 for a quicker run)
 *   ONLY=export npm run bench:contacts   (only the CSV export; ONLY=list skips it)
 */
import { copyFileSync, mkdirSync } from "node:fs";
import { startPostgres } from "../../apps/server/test/helpers/postgres-server.js";
import { STANDARD_PASSWORD_HASHING } from "../../apps/server/src/config.js";
import { hashPassword } from "../../apps/server/src/lib/password.js";
import { AUTO_EXPLAIN_SETTINGS, createBenchDatabase, listenOnBenchDatabase, median } from "../postgres.js";
import { BENCH_ADMIN, generateContacts, logInAsBenchAdmin } from "./generate.js";

const COUNT = Number(process.env.CONTACTS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 30);
const ONLY = process.env.ONLY ?? "";
if (!["", "export", "list"].includes(ONLY)) throw new Error(`ONLY must be "export" or "list", not "${ONLY}"`);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** EXPLAIN=1 logs the plan of every statement slower than 20 ms to bench/results/plans.log. */
const explain = process.env.EXPLAIN === "1";
const server = await startPostgres(explain ? AUTO_EXPLAIN_SETTINGS : []);
try {
  const { url, database } = await createBenchDatabase(server);

  const seedStarted = performance.now();
  const { tagIds } = await generateContacts(
    url,
    COUNT,
    await hashPassword({ config: { passwordHashing: STANDARD_PASSWORD_HASHING } }, BENCH_ADMIN.password),
  );
  process.stdout.write(`generated ${COUNT} contacts in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s\n`);

  const { app, address } = await listenOnBenchDatabase(url, database);
  const headers = { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" };
  const cookie = await logInAsBenchAdmin(address);

  const get = async (path: string) => {
    const started = performance.now();
    const response = await fetch(`${address}/api/1.0${path}`, { headers: { cookie } });
    const body = await response.text();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${body}`);
    return { elapsed: performance.now() - started, body };
  };
  const rules = (group: unknown) => encodeURIComponent(JSON.stringify(group));
  const search = (text: string) =>
    rules({
      condition: "OR",
      rules: ["firstname", "lastname", "email"].map((field) => ({ field, operator: "contains", value: [text] })),
    });
  const threeRules = rules({
    condition: "AND",
    rules: [
      { field: "activeMembership", operator: "equal", value: [true] },
      { field: "tags", operator: "contains", value: [tagIds[0]] },
      { field: "joined", operator: "greater", value: ["$now(y:-1)"] },
    ],
  });

  const cases: [string, string][] = [
    ["list, first page, no filter", "/contact?limit=25&sort=joined&order=DESC"],
    ["list, text search", `/contact?limit=25&sort=lastname&rules=${search("ander")}`],
    ["list, three-rule filter", `/contact?limit=25&sort=joined&order=DESC&rules=${threeRules}`],
  ];
  for (const [, path] of cases) await get(path);

  const segmentIds: string[] = [];
  for (const [name, ruleGroup] of [
    ["Members", { condition: "AND", rules: [{ field: "activeMembership", operator: "equal", value: [true] }] }],
    ["Tagged", { condition: "AND", rules: [{ field: "tags", operator: "contains", value: [tagIds[1]] }] }],
    [
      "Monthly over 5",
      { condition: "AND", rules: [{ field: "contributionMonthlyAmount", operator: "greater", value: [5] }] },
    ],
  ] as const) {
    const response = await fetch(`${address}/api/1.0/segments`, {
      method: "POST",
      headers: { ...headers, cookie },
      body: JSON.stringify({ name, description: "", ruleGroup }),
    });
    segmentIds.push(((await response.json()) as { id: string }).id);
  }
  cases.push(["segments with counts (3)", "/segments?with=contactCount"]);

  if (ONLY !== "export") {
    process.stdout.write(`\n${"call".padEnd(32)} ${"median".padStart(10)} ${"p95".padStart(10)}  (${RUNS} runs)\n`);
    for (const [label, path] of cases) {
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) times.push((await get(path)).elapsed);
      process.stdout.write(
        `${label.padEnd(32)} ${ms(median(times)).padStart(10)} ${ms(percentile(times, 0.95)).padStart(10)}\n`,
      );
    }
  }

  for (const encoding of ONLY === "list" ? [] : ["gzip", "identity"]) {
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const exportStarted = performance.now();
    const response = await fetch(`${address}/api/1.0/contact.csv`, {
      headers: { cookie, "accept-encoding": encoding },
    });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
    }
    const exportSeconds = (performance.now() - exportStarted) / 1000;
    clearInterval(sampler);
    process.stdout.write(
      `${encoding === "gzip" ? "\n" : ""}CSV export (${encoding}): ${lines - 1} rows, ${mib(bytes)} in ${exportSeconds.toFixed(2)} s; ` +
        `process memory ${mib(baseline)} before, ${mib(peak)} at peak (+${mib(peak - baseline)})\n`,
    );
  }
  await app.close();
  await database.close();
} finally {
  if (explain) {
    mkdirSync("bench/results", { recursive: true });
    copyFileSync(server.logFile, "bench/results/plans.log");
  }
  await server.stop();
}
