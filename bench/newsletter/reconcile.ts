/**
 * Newsletter reconciliation benchmark: contacts in a real PostgreSQL server, a provider's
 * stand-in (Mailchimp or listmonk) in its own process, and two full reconciliations through the
 * API — the first against an empty audience (every subscribed and unsubscribed contact differs),
 * the second against the audience the first left (nothing differs). Each provider and size runs
 * in a fresh server process of its own, so one run's memory never counts in another's (the
 * database is made and filled by the parent, so none of that is in it either); it prints each
 * run's time and what differed, and that process's memory: peak RSS over the baseline taken
 * before the first reconciliation, and the JS heap after.
 *
 *   npm run bench:newsletter                       (20,000 and 100,000 contacts, both providers)
 *   CONTACTS=20000 PROVIDERS=listmonk npm run bench:newsletter
 *   SNAPSHOT=1   writes a heap snapshot at the heap's peak of each run to bench/results/
 *   TRACE=1      prints the memory every second during each run, and when RSS peaked
 *   SMAPS=1      prints the process's resident memory by kind of mapping, at rest and after the runs (Linux)
 *   COLD=1       takes the baseline before the provider's HTTP client has made its first request
 *   LIVE=1       collects every second and prints the largest heap left: what a run really holds
 *   PROFILE=1    prints where the runs allocated most (sampled, collected objects included)
 *   PROFILE=promoted  the same for what reached the old generation only
 *   SERVER_NODE_FLAGS="--max-old-space-size=96"   flags for the server's process only
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import pg from "pg";
import { buildApp } from "../../apps/server/src/app.js";
import { loadConfig, STANDARD_PASSWORD_HASHING } from "../../apps/server/src/config.js";
import { openDatabase } from "../../apps/server/src/db/client.js";
import { hashPassword } from "../../apps/server/src/lib/password.js";
import { startPostgres } from "../../apps/server/test/helpers/postgres-server.js";
import { generateContacts, logInAsBenchAdmin } from "../contacts/generate.js";
import type { NewsletterReconciliation } from "@cohort/common/newsletter";

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** SMAPS=1: the process's resident memory by kind of mapping, from /proc/self/smaps (Linux). */
function residentByMapping(): Map<string, number> {
  const totals = new Map<string, number>();
  let kind = "";
  for (const line of readFileSync("/proc/self/smaps", "utf8").split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const size = (parseInt(head[2]!, 16) - parseInt(head[1]!, 16)) / 1024;
      const name = head[3] ?? "";
      kind = name.startsWith("[")
        ? name
        : name
          ? "files"
          : size === 256
            ? "anonymous 256 KiB (V8 pages)"
            : `anonymous ${size >= 4096 ? "≥4 MiB" : size > 256 ? "256 KiB–4 MiB" : "<256 KiB"}`;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) totals.set(kind, (totals.get(kind) ?? 0) + Number(rss[1]) * 1024);
  }
  return totals;
}
const here = path.dirname(fileURLToPath(import.meta.url));

interface RunResult {
  provider: string;
  contacts: number;
  runs: { name: string; seconds: number; status: string; done: number; differed: number; failed: number }[];
  rssBefore: number;
  rssPeak: number;
  rssAfter: number;
  heapBefore: number;
  heapPeak: number;
  heapAfter: number;
  externalPeak: number;
}

/**
 * Makes the run's database and fills it, in the parent process: the server's process then holds
 * nothing of the seeding, and its baseline is the server at rest.
 */
async function seed(count: number, serverUrl: string, url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${new URL(url).pathname.slice(1)}`);
  await admin.end();
  const database = await openDatabase({ kind: "postgres", url });
  await database.migrate();
  await database.close();
  await generateContacts(
    url,
    count,
    await hashPassword({ config: { passwordHashing: STANDARD_PASSWORD_HASHING } }, "Bench-passw0rd"),
  );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `INSERT INTO contact_roles (contact_id, role, date_added)
       SELECT id, 'superadmin', now() - interval '1 day' FROM contacts WHERE email = 'admin@bench.test'`,
  );
  // Only the reconciliation is measured: the marks the seeding left are taken as sent.
  await client.query("UPDATE newsletter_sync SET synced_version = version");
  await client.end();
}

/** One provider and size, in this process: the parent starts one of these per pair. */
async function runOne(provider: "mailchimp" | "listmonk", count: number, url: string): Promise<RunResult> {
  const standInProcess = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=cohort-source", path.join(here, "stand-in-process.ts"), provider],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  try {
    const [firstLine] = (await once(standInProcess.stdout, "data")) as [Buffer];
    const standIn = JSON.parse(firstLine.toString().split("\n")[0]!) as { url: string; apiKey: string; listId: string };

    const database = await openDatabase({ kind: "postgres", url });
    const config = loadConfig({
      NODE_ENV: "production",
      DATABASE_URL: url,
      LOG_LEVEL: "silent",
      WEB_DIST_DIR: "/nonexistent",
      MAILCHIMP_API_URL: standIn.url,
      // listmonk's address is one an admin sets: the operator allows the loopback stand-in.
      OUTGOING_ALLOW: "127.0.0.1",
    });
    const app = await buildApp({ config, db: database.db, logger: false });
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const cookie = await logInAsBenchAdmin(address);
    const headers = { cookie, "x-requested-with": "XMLHttpRequest" };
    const api = async (method: string, apiPath: string, body?: unknown) => {
      const response = await fetch(`${address}/api/1.0${apiPath}`, {
        method,
        headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    };
    await api("PATCH", "/newsletter/settings", {
      provider,
      apiKey: standIn.apiKey,
      listId: standIn.listId,
      ...(provider === "listmonk" ? { apiUrl: standIn.url } : {}),
    });

    // Settings → Newsletter's test, as an admin makes it: the provider's HTTP client does its
    // one-time setup here (undici compiles its HTTP parser, WebAssembly, on its first request:
    // tens of MiB for a moment, whatever the list), not in the runs. COLD=1 leaves it to the runs.
    if (!process.env.COLD) await api("POST", "/newsletter/settings/test");
    // The baseline is the process at rest: collected, and given a moment to hand freed pages back.
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    global.gc?.();
    const baseline = process.memoryUsage();
    const mappingsBefore = process.env.SMAPS ? residentByMapping() : undefined;
    let peak = baseline.rss;
    let peakHeap = baseline.heapUsed;
    let peakExternal = baseline.external;
    let snapshotAt = baseline.heapUsed * 1.5;
    const started = performance.now();
    let atPeak = "";
    const sample = () => {
      const now = process.memoryUsage();
      if (now.rss > peak) {
        peak = now.rss;
        atPeak = `${((performance.now() - started) / 1000).toFixed(2)} s, heap ${mib(now.heapTotal)} MiB in all, external ${mib(now.external)} MiB`;
      }
      peakExternal = Math.max(peakExternal, now.external);
      if (now.heapUsed > peakHeap) {
        peakHeap = now.heapUsed;
        if (process.env.SNAPSHOT && now.heapUsed > snapshotAt) {
          snapshotAt = now.heapUsed * 1.2;
          const folder = path.join(here, "..", "results");
          mkdirSync(folder, { recursive: true });
          v8.writeHeapSnapshot(
            path.join(folder, `newsletter-${provider}-${count}-${Math.round(now.heapUsed / 2 ** 20)}.heapsnapshot`),
          );
        }
      }
    };
    const sampler = setInterval(sample, 20);
    const tracer = process.env.TRACE
      ? setInterval(() => {
          const now = process.memoryUsage();
          const spaces = v8
            .getHeapSpaceStatistics()
            .filter((space) => space.space_size > 0)
            .map((space) => `${space.space_name.replace(/_space$/, "")} ${mib(space.space_size)}`)
            .join(", ");
          process.stderr.write(
            `  ${((performance.now() - started) / 1000).toFixed(0)} s: rss ${mib(now.rss)}, heap ${mib(now.heapUsed)} of ${mib(now.heapTotal)} (${spaces}), external ${mib(now.external)} (array buffers ${mib(now.arrayBuffers)}) MiB\n`,
          );
        }, 1000)
      : undefined;
    // LIVE=1 collects every second and keeps the largest heap left: what the run really holds.
    let liveMax = 0;
    const collector = process.env.LIVE
      ? setInterval(() => {
          global.gc?.();
          liveMax = Math.max(liveMax, process.memoryUsage().heapUsed);
        }, 1000)
      : undefined;
    // PROFILE=1 samples every allocation during the runs, collected or not, and prints the largest sources.
    const inspector = process.env.PROFILE ? new (await import("node:inspector/promises")).Session() : undefined;
    if (inspector) {
      inspector.connect();
      await inspector.post("HeapProfiler.startSampling", {
        samplingInterval: 16384,
        includeObjectsCollectedByMajorGC: true,
        // PROFILE=promoted leaves out what died young: what is left reached the old generation.
        includeObjectsCollectedByMinorGC: process.env.PROFILE !== "promoted",
      } as never);
    }
    const runs: RunResult["runs"] = [];
    for (const run of ["empty audience", "audience up to date"]) {
      const runStarted = performance.now();
      await api("POST", "/newsletter/reconciliation");
      let latest: NewsletterReconciliation;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        latest = (await api("GET", "/newsletter/reconciliation")).reconciliation as NewsletterReconciliation;
        if (latest.status !== "running") break;
      }
      runs.push({
        name: run,
        seconds: (performance.now() - runStarted) / 1000,
        status: latest.status + (latest.error ? ` (${latest.error})` : ""),
        done: latest.done,
        differed: latest.differed,
        failed: latest.failed,
      });
    }
    clearInterval(sampler);
    clearInterval(tracer);
    clearInterval(collector);
    if (inspector) {
      const { profile } = (await inspector.post("HeapProfiler.stopSampling")) as unknown as {
        profile: { head: ProfileNode };
      };
      printAllocations(profile.head);
      inspector.disconnect();
    }
    if (process.env.LIVE) {
      process.stderr.write(`  largest heap left by a collection during the runs: ${mib(liveMax)} MiB\n`);
    }
    sample();
    if (process.env.TRACE) process.stderr.write(`  RSS at its peak at ${atPeak}\n`);
    if (mappingsBefore) {
      const mappingsAfter = residentByMapping();
      for (const kind of new Set([...mappingsBefore.keys(), ...mappingsAfter.keys()])) {
        const [was, now] = [mappingsBefore.get(kind) ?? 0, mappingsAfter.get(kind) ?? 0];
        process.stderr.write(`  resident in ${kind}: ${mib(was)} → ${mib(now)} MiB\n`);
      }
    }
    global.gc?.();
    const after = process.memoryUsage();
    const result: RunResult = {
      provider,
      contacts: count,
      runs,
      rssBefore: baseline.rss,
      rssPeak: peak,
      rssAfter: after.rss,
      heapBefore: baseline.heapUsed,
      heapPeak: peakHeap,
      heapAfter: after.heapUsed,
      externalPeak: peakExternal,
    };
    await app.close();
    await database.close();
    return result;
  } finally {
    standInProcess.kill("SIGTERM");
  }
}

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

/** The allocation sites that allocated most during the runs, with their callers' stack, to standard error. */
function printAllocations(head: ProfileNode): void {
  const sites: { size: number; stack: string }[] = [];
  const walk = (node: ProfileNode, stack: string[]) => {
    const frame = `${node.callFrame.functionName || "(anonymous)"} ${node.callFrame.url.replace(/^.*\/(node_modules|src)\//, "$1/")}:${node.callFrame.lineNumber + 1}`;
    const here = [frame, ...stack].slice(0, 6);
    if (node.selfSize > 0) sites.push({ size: node.selfSize, stack: here.join(" < ") });
    for (const child of node.children) walk(child, here);
  };
  walk(head, []);
  const total = sites.reduce((sum, site) => sum + site.size, 0);
  process.stderr.write(`  allocated during the runs (sampled): ${mib(total)} MiB; the largest sources:\n`);
  for (const site of sites.sort((a, b) => b.size - a.size).slice(0, 25)) {
    process.stderr.write(`  ${mib(site.size).padStart(7)} MiB  ${site.stack}\n`);
  }
}

if (process.env.BENCH_RUN) {
  const [provider, count, url] = JSON.parse(process.env.BENCH_RUN) as ["mailchimp" | "listmonk", number, string];
  process.stdout.write(`${JSON.stringify(await runOne(provider, count, url))}\n`);
} else {
  const sizes = (process.env.CONTACTS ?? "20000,100000").split(",").map(Number);
  const providers = (process.env.PROVIDERS ?? "mailchimp,listmonk").split(",");
  const server = await startPostgres([]);
  try {
    for (const provider of providers) {
      for (const count of sizes) {
        await seed(count, server.url(), server.url(`bench_${provider}_${count}`));
        // A fresh process per pair: its memory is this server's alone, from its own start.
        const flags = (process.env.SERVER_NODE_FLAGS ?? "").split(" ").filter(Boolean);
        const child = spawn(process.execPath, [...process.execArgv, ...flags, fileURLToPath(import.meta.url)], {
          env: {
            ...process.env,
            BENCH_RUN: JSON.stringify([provider, count, server.url(`bench_${provider}_${count}`)]),
          },
          stdio: ["ignore", "pipe", "inherit"],
        });
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
        // Anything else the process printed (--trace-gc, say) goes to standard error; its result is the last line.
        const [code] = (await once(child, "exit")) as [number];
        if (code !== 0) throw new Error(`${provider} with ${count} contacts: the run ended with ${code}`);
        const lines = output.trim().split("\n");
        if (lines.length > 1) process.stderr.write(`${lines.slice(0, -1).join("\n")}\n`);
        const result = JSON.parse(lines.at(-1)!) as RunResult;
        const times = result.runs
          .map(
            (run) =>
              `${run.name}: ${run.status} in ${run.seconds.toFixed(1)} s, ${run.done} compared, ${run.differed} differed, ${run.failed} refused`,
          )
          .join("; ");
        process.stdout.write(
          `${provider}, ${count} contacts — ${times}\n` +
            `  server RSS ${mib(result.rssBefore)} → ${mib(result.rssPeak)} → ${mib(result.rssAfter)} MiB ` +
            `(before, peak, after a collection), peak +${mib(result.rssPeak - result.rssBefore)} MiB; ` +
            `JS heap ${mib(result.heapBefore)} before, ${mib(result.heapPeak)} at peak, ${mib(result.heapAfter)} MiB after; ` +
            `external at peak ${mib(result.externalPeak)} MiB\n`,
        );
      }
    }
  } finally {
    await server.stop();
  }
}
