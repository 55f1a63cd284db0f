/**
 * Public reads and callout responses under load: a real PostgreSQL server and
 * `COPIES` Cohort server processes are started for the run. It measures, in
 * order and each for `DURATION` seconds with `CONNECTIONS` connections split
 * over the copies as a round-robin balancer would:
 *
 * 1. the ceiling: a bare Fastify route answering the same JSON as
 *    `GET /content/general`, one process per copy, so the reads can be
 *    compared with what the framework and this load generator reach;
 * 2. the four public reads every reader and every embedded callout hits;
 * 3. guests answering one open callout (each with their own email), for
 *    `AMOUNT` responses in all, then a count of the stored responses to show
 *    that none was lost.
 *
 * Every figure is printed next to its goal. It does not pass or fail.
 *
 * `CPU_PER_COPY=0.5` holds every server process (the ceiling's too) to half a core, so that a
 * machine with few cores can show what a second copy adds (`bench/cpu-limit.ts`).
 *
 *   npm run bench:callouts   (COPIES=2 CPU_PER_COPY=0.5 DURATION=10 CONNECTIONS=50 AMOUNT=15000 ONLY=ceiling,reads,responses PROFILE=1)
 */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { availableParallelism } from "node:os";
import autocannon from "autocannon";
import { eq, sql } from "drizzle-orm";
import { calloutResponses, callouts, calloutVariants } from "../../apps/server/src/db/schema/index.js";
import { startPostgres } from "../../apps/server/test/helpers/postgres-server.js";
import { limitCpu, type CpuLimit } from "../cpu-limit.js";
import { freePort } from "../local-server.js";
import { createBenchDatabase } from "../postgres.js";

/** Responses to send in all; every one completes before counting, so nothing is in flight. */
const AMOUNT = Number(process.env.AMOUNT ?? 15_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
/** Server processes sharing the load, as copies behind a load balancer would. */
const COPIES = Number(process.env.COPIES ?? 1);
/** Seconds each read (and the ceiling) is measured for. */
const DURATION = Number(process.env.DURATION ?? 10);
/** `guest`: every visitor leaves a name and a new email (each is asked by email to confirm); `anonymous`: no details. */
const MODE = process.env.MODE ?? "guest";
if (!["guest", "anonymous"].includes(MODE)) throw new Error(`MODE must be "guest" or "anonymous", not "${MODE}"`);
/** Seconds of load before each measured read, not counted. */
const WARM_UP = 2;
const PHASES = new Set((process.env.ONLY ?? "ceiling,reads,responses").split(","));
/** Open callouts besides the answered one, so that the public list has a page to show. */
const LISTED_CALLOUTS = 11;
/** CPUs' worth of time each server process may use (0.5: half a core); unset, no limit. */
const CPU_PER_COPY = process.env.CPU_PER_COPY ? Number(process.env.CPU_PER_COPY) : undefined;
const cpuLimits: CpuLimit[] = [];

/**
 * Starts the `index`th server process of a kind (Cohort or the ceiling's). With `CPU_PER_COPY` it is
 * held to that share of a core, on a core of its own where there are enough (copy 1 on the first,
 * copy 2 on the second): a process free to spread its threads over both cores spends its share in
 * bursts and then waits out the rest of the period, which would make one copy look worse than it is.
 */
function startProcess(index: number, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const options: SpawnOptions = { env, stdio: ["ignore", "inherit", "inherit"] };
  if (CPU_PER_COPY === undefined) return spawn(process.execPath, args, options);
  const core = index % availableParallelism();
  // taskset runs node in its own place, so the pid is the server's.
  const child = spawn("taskset", ["--cpu-list", String(core), process.execPath, ...args], options);
  if (child.pid !== undefined) cpuLimits.push(limitCpu(child.pid, CPU_PER_COPY));
  return child;
}

async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing answers at ${url}`);
}

/** `PROFILE=1` writes a V8 CPU profile of each server process to bench/results/profiles (open it in Chrome's DevTools). */
const profile = process.env.PROFILE ? ["--cpu-prof", "--cpu-prof-dir=bench/results/profiles"] : [];

function startServer(index: number, databaseUrl: string, port: number): ChildProcess {
  const args = [...profile, "--import", "tsx", "--conditions=cohort-source", "apps/server/src/main.ts"];
  return startProcess(index, args, {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    LOG_LEVEL: "warn",
    WEB_DIST_DIR: "/nonexistent",
    // Every visitor comes from this one address; the per-address limit on guests would refuse most of them.
    GUEST_RESPONSE_LIMIT: "0",
  });
}

async function stop(processes: ChildProcess[]): Promise<void> {
  await Promise.all(
    processes.splice(0).map(async (child) => {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit").catch(() => undefined);
    }),
  );
}

interface Measured {
  perSecond: number;
  ok: number;
  failed: number;
  seconds: number;
  latency: autocannon.Histogram;
}

/** Runs one autocannon per copy at once, each with its share of the connections. */
async function load(urls: string[], options: Partial<autocannon.Options>): Promise<Measured> {
  const results = await Promise.all(
    urls.map((url) =>
      autocannon({
        url,
        connections: Math.ceil(CONNECTIONS / urls.length),
        ...options,
      }),
    ),
  );
  const ok = results.reduce((sum, result) => sum + result["2xx"], 0);
  const failed = results.reduce((sum, result) => sum + result.non2xx + result.errors + result.timeouts, 0);
  const seconds = Math.max(...results.map((result) => result.duration));
  return { perSecond: ok / seconds, ok, failed, seconds, latency: results[0]!.latency };
}

const format = (value: number) => Math.round(value).toLocaleString("en-GB");
const line = (label: string, measured: Measured, goal: string) =>
  `  ${label.padEnd(44)} ${format(measured.perSecond).padStart(7)}/s  p99 ${String(measured.latency.p99).padStart(4)} ms` +
  `${measured.failed ? `  (${measured.failed} failed)` : ""}   goal ${goal}`;

const formSchema = {
  slides: [
    {
      id: "slide1",
      title: "Story",
      navigation: { nextSlideId: null },
      components: [
        {
          id: "a",
          key: "story",
          type: "textarea",
          label: "Your story",
          input: true,
          validate: { required: true, maxLength: 2000 },
        },
        { id: "b", key: "age", type: "number", label: "Age", input: true, validate: { min: 0, max: 150 } },
        {
          id: "c",
          key: "mode",
          type: "select",
          label: "How do you travel?",
          input: true,
          data: {
            values: [
              { label: "Bike", value: "bike" },
              { label: "Bus", value: "bus" },
            ],
          },
        },
      ],
    },
  ],
};

const postgres = await startPostgres();
const servers: ChildProcess[] = [];
try {
  const { url: databaseUrl, database } = await createBenchDatabase(postgres);

  const calloutId = randomUUID();
  const starts = new Date(Date.now() - 60_000);
  const access = MODE === "guest" ? "guest" : "anonymous";
  const others = Array.from({ length: LISTED_CALLOUTS }, (_, index) => ({ id: randomUUID(), slug: `listed-${index}` }));
  await database.db.insert(callouts).values(
    [{ id: calloutId, slug: "bench" }, ...others].map((callout, index) => ({
      ...callout,
      starts: new Date(starts.getTime() + index),
      access,
      captcha: "none",
      allowMultiple: true,
      formSchema,
      createdAt: new Date(),
    })) as (typeof callouts.$inferInsert)[],
  );
  await database.db.insert(calloutVariants).values(
    [calloutId, ...others.map((other) => other.id)].map((id, index) => ({
      calloutId: id,
      name: "default",
      title: index === 0 ? "Benchmark" : `Listed callout ${index}`,
      excerpt: "How do you get to work, and what would make it better?",
      intro: "<p>Tell us how you travel.</p>",
      thanksTitle: "Thanks",
      thanksText: "<p>We read every story.</p>",
      slideNavigation: {},
      componentText: {},
    })),
  );

  const ports = await Promise.all(Array.from({ length: COPIES }, () => freePort()));
  ports.forEach((port, index) => servers.push(startServer(index, databaseUrl, port)));
  await Promise.all(ports.map((port) => waitFor(`http://127.0.0.1:${port}/api/1.0/health`)));
  const api = (path: string) => ports.map((port) => `http://127.0.0.1:${port}/api/1.0${path}`);
  const output: string[] = [
    `Cohort on PostgreSQL: ${COPIES} server process(es)` +
      `${CPU_PER_COPY === undefined ? "" : `, each held to ${CPU_PER_COPY} of a core`}` +
      `, ${CONNECTIONS} connections, autocannon in one process`,
  ];
  const print = (text: string) => {
    output.push(text);
    process.stdout.write(`${text}\n`);
  };
  print(output[0]!);

  let ceiling: Measured | undefined;
  if (PHASES.has("ceiling")) {
    const body = await (await fetch(api("/content/general")[0]!)).text();
    const trivialPorts = await Promise.all(ports.map(() => freePort()));
    const trivial = trivialPorts.map((port, index) =>
      startProcess(index, ["--import", "tsx", "bench/callouts/trivial-server.ts"], {
        ...process.env,
        PORT: String(port),
        BODY: body,
      }),
    );
    try {
      const urls = trivialPorts.map((port) => `http://127.0.0.1:${port}/`);
      await Promise.all(urls.map(waitFor));
      await load(urls, { duration: WARM_UP });
      ceiling = await load(urls, { duration: DURATION });
      print(line("ceiling: a bare Fastify route, same JSON", ceiling, "—"));
    } finally {
      await stop(trivial);
    }
  }

  if (PHASES.has("reads")) {
    const reads: [string, string, number][] = [
      ["GET /content/general", "/content/general", 18_000],
      ["GET /callout/{slug}", "/callout/bench", 14_000],
      ["GET /callout/{slug}?with[]=form", "/callout/bench?with[]=form", 12_000],
      ["GET /callout (public list)", "/callout", 8_000],
    ];
    for (const [label, path, goal] of reads) {
      // A short run first, so the servers' compiled code and caches are warm.
      await load(api(path), { duration: WARM_UP });
      const measured = await load(api(path), { duration: DURATION });
      const share = ceiling ? ` (${Math.round((100 * measured.perSecond) / ceiling.perSecond)} % of the ceiling)` : "";
      print(`${line(label, measured, `≥ ${format(goal)}/s`)}${share}`);
    }
  }

  if (PHASES.has("responses")) {
    let sent = 0;
    const body = () =>
      JSON.stringify({
        answers: {
          slide1: { story: "I take the bike along the river every morning.", age: 20 + (sent % 60), mode: "bike" },
        },
        ...(MODE === "guest"
          ? { guest: { firstname: "Guest", lastname: String(sent), email: `guest${sent++}@bench.test` } }
          : {}),
      });
    const measured = await load(api("/callout/bench/responses"), {
      method: "POST",
      amount: Math.ceil(AMOUNT / COPIES),
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
      requests: [{ setupRequest: (request) => ({ ...request, body: body() }) }],
    });
    const [stored] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(calloutResponses)
      .where(eq(calloutResponses.calloutId, calloutId));
    const count = stored?.count ?? 0;
    const { latency } = measured;
    print(line(`POST /callout/{slug}/responses (${MODE})`, measured, "≥ 2,000/s with p99 < 50 ms"));
    print(
      `    latency (first copy): p50 ${latency.p50} ms, p90 ${latency.p90} ms, p99 ${latency.p99} ms, max ${latency.max} ms; ` +
        `stored ${count} — ${count === measured.ok ? "none lost" : `MISMATCH with ${measured.ok} answered`}`,
    );
  }
  await database.close();
} finally {
  await stop(servers);
  await postgres.stop();
  for (const release of cpuLimits.splice(0)) release();
}
