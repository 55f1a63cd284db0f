/**
 * Callout response throughput: a real PostgreSQL server and a Cohort server
 * process are started for the run; 50 concurrent visitors then answer one open
 * callout as guests (each with their own email) for a fixed time. Prints
 * requests per second, latency percentiles and errors, then counts the stored
 * responses to show that none was lost. It does not pass or fail.
 *
 *   npm run bench:callouts            (AMOUNT=15000 CONNECTIONS=50 COPIES=1 to change the load)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:net";
import autocannon from "autocannon";
import pg from "pg";
import { openDatabase } from "../../apps/server/src/db/client.js";
import { eq, sql } from "drizzle-orm";
import { calloutResponses, callouts, calloutVariants } from "../../apps/server/src/db/schema/index.js";
import { startPostgres } from "../../apps/server/test/helpers/postgres-server.js";

/** Responses to send in all; every one completes before counting, so nothing is in flight. */
const AMOUNT = Number(process.env.AMOUNT ?? 15_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
/** Server processes sharing the load, as copies behind a load balancer would. */
const COPIES = Number(process.env.COPIES ?? 1);
/** `guest`: every visitor leaves a name and a new email (each is asked by email to confirm); `anonymous`: no details. */
const MODE = process.env.MODE ?? "guest";
if (!["guest", "anonymous"].includes(MODE)) throw new Error(`MODE must be "guest" or "anonymous", not "${MODE}"`);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      if ((await fetch(`${url}/api/1.0/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server at ${url} did not start`);
}

function startServer(databaseUrl: string, port: number): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "--conditions=cohort-source", "apps/server/src/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      LOG_LEVEL: "warn",
      WEB_DIST_DIR: "/nonexistent",
      // Every visitor comes from this one address; the per-address limit on guests would refuse most of them.
      GUEST_RESPONSE_LIMIT: "0",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

const postgres = await startPostgres();
const servers: ChildProcess[] = [];
try {
  const admin = new pg.Client({ connectionString: postgres.url() });
  await admin.connect();
  await admin.query("CREATE DATABASE bench");
  await admin.end();
  const databaseUrl = postgres.url("bench");
  const database = await openDatabase({ kind: "postgres", url: databaseUrl });
  await database.migrate();

  const calloutId = randomUUID();
  await database.db.insert(callouts).values({
    id: calloutId,
    slug: "bench",
    starts: new Date(Date.now() - 60_000),
    access: MODE === "guest" ? "guest" : "anonymous",
    captcha: "none",
    allowMultiple: true,
    formSchema: {
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
    },
    createdAt: new Date(),
  });
  await database.db.insert(calloutVariants).values({
    calloutId,
    name: "default",
    title: "Benchmark",
    excerpt: "",
    intro: "",
    thanksTitle: "Thanks",
    thanksText: "",
    slideNavigation: {},
    componentText: {},
  });

  const ports = await Promise.all(Array.from({ length: COPIES }, () => freePort()));
  for (const port of ports) servers.push(startServer(databaseUrl, port));
  await Promise.all(ports.map((port) => waitForHealth(`http://127.0.0.1:${port}`)));

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
  // Each copy gets its share of the connections, as a round-robin balancer would.
  const results = await Promise.all(
    ports.map((port) =>
      autocannon({
        url: `http://127.0.0.1:${port}/api/1.0/callout/bench/responses`,
        method: "POST",
        connections: Math.ceil(CONNECTIONS / COPIES),
        amount: Math.ceil(AMOUNT / COPIES),
        headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
        requests: [{ setupRequest: (request) => ({ ...request, body: body() }) }],
      }),
    ),
  );
  const ok = results.reduce((sum, result) => sum + result["2xx"], 0);
  const failed = results.reduce((sum, result) => sum + result.non2xx + result.errors + result.timeouts, 0);
  const seconds = results[0]!.duration;
  const [stored] = await database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(calloutResponses)
    .where(eq(calloutResponses.calloutId, calloutId));
  const count = stored?.count ?? 0;
  const latency = results[0]!.latency;
  process.stdout.write(
    [
      `callout responses: ${CONNECTIONS} concurrent ${MODE} visitors, ${COPIES} server process(es), ${seconds.toFixed(1)} s`,
      `  throughput: ${(ok / seconds).toFixed(0)} responses/s (${ok} answered 2xx, ${failed} failed)`,
      `  latency (first copy): p50 ${latency.p50} ms, p90 ${latency.p90} ms, p99 ${latency.p99} ms, max ${latency.max} ms`,
      `  stored: ${count} responses — ${count === ok ? "none lost" : `MISMATCH with ${ok} answered`}`,
      "",
    ].join("\n"),
  );
  await database.close();
} finally {
  for (const server of servers) {
    server.kill("SIGTERM");
    await once(server, "exit").catch(() => undefined);
  }
  await postgres.stop();
}
