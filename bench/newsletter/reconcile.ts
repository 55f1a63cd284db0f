/**
 * Newsletter reconciliation benchmark: 100,000 contacts in a real PostgreSQL server, a
 * Mailchimp stand-in in its own process, and two full reconciliations through the API — the
 * first against an empty audience (every subscribed and unsubscribed contact differs), the
 * second against the audience the first left (nothing differs). Prints each run's time and
 * what differed, and the server process's memory: before, peak and after.
 *
 *   npm run bench:newsletter            (CONTACTS=20000 for a quicker run)
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { buildApp } from "../../apps/server/src/app.js";
import { loadConfig, STANDARD_PASSWORD_HASHING } from "../../apps/server/src/config.js";
import { hashPassword } from "../../apps/server/src/modules/auth/password.js";
import { startPostgres } from "../../apps/server/test/helpers/postgres-server.js";
import { generateContacts, logInAsBenchAdmin } from "../contacts/generate.js";
import type { NewsletterReconciliation } from "@cohort/common/newsletter";
import { createBenchDatabase } from "../postgres.js";

const COUNT = Number(process.env.CONTACTS ?? 100_000);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const here = path.dirname(fileURLToPath(import.meta.url));

const standInProcess = spawn(
  process.execPath,
  ["--import", "tsx", "--conditions=cohort-source", path.join(here, "mailchimp-process.ts")],
  { stdio: ["ignore", "pipe", "inherit"] },
);
const [firstLine] = (await once(standInProcess.stdout, "data")) as [Buffer];
const mailchimp = JSON.parse(firstLine.toString().split("\n")[0]!) as { url: string; apiKey: string; listId: string };

const server = await startPostgres([]);
try {
  const { url, database } = await createBenchDatabase(server);
  const seedStarted = performance.now();
  await generateContacts(
    url,
    COUNT,
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
  process.stdout.write(`generated ${COUNT} contacts in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s\n`);

  const config = loadConfig({
    NODE_ENV: "production",
    DATABASE_URL: url,
    LOG_LEVEL: "silent",
    WEB_DIST_DIR: "/nonexistent",
    MAILCHIMP_API_URL: mailchimp.url,
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
    provider: "mailchimp",
    apiKey: mailchimp.apiKey,
    listId: mailchimp.listId,
  });

  global.gc?.();
  const baseline = process.memoryUsage();
  let peak = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 50);
  for (const run of ["empty audience", "audience up to date"]) {
    const started = performance.now();
    await api("POST", "/newsletter/reconciliation");
    let latest: NewsletterReconciliation;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      latest = (await api("GET", "/newsletter/reconciliation")).reconciliation as NewsletterReconciliation;
      if (latest.status !== "running") break;
    }
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `${run}: ${latest.status} in ${seconds.toFixed(1)} s — ${latest.done} of ${latest.total} compared, ` +
        `${latest.differed} differed, ${latest.failed} refused${latest.error ? ` (${latest.error})` : ""}\n`,
    );
  }
  clearInterval(sampler);
  global.gc?.();
  process.stdout.write(
    `server process RSS: ${mib(baseline.rss)} before, ${mib(peak)} at peak (+${mib(peak - baseline.rss)}), ` +
      `${mib(process.memoryUsage().rss)} after; JS heap in use: ${mib(baseline.heapUsed)} before, ` +
      `${mib(peakHeap)} at peak, ${mib(process.memoryUsage().heapUsed)} after\n`,
  );
  await app.close();
  await database.close();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
} finally {
  standInProcess.kill("SIGTERM");
  await server.stop();
}
