/**
 * What recording a staff action costs (decision 070): the contact bulk update
 * of 10,000 contacts (a tag added, then removed) on a real PostgreSQL server,
 * timed through the service with the activity record on (an admin acting) and
 * off (no actor: nothing is recorded), in turns so both see the same database.
 * Also times one recording alone, with the most ids a bulk entry keeps, and
 * the same bulk update with a webhook endpoint listening to `contact.updated`
 * (decision 076: one event, delivery and queued job per contact, written by
 * one statement).
 *
 *   npm run bench:activity      (CONTACTS=50000 for more, ROUNDS=9 for more turns)
 */
import pg from "pg";
import pino from "pino";
import type { RuleGroup } from "@cohort/common/filters";
import { ACTIVITY_MAX_IDS } from "@cohort/common/activity";
import { startPostgres } from "../../apps/server/test/helpers/postgres-server.js";
import { loadConfig } from "../../apps/server/src/config.js";
import { newUuid, realSleep, systemClock, type AppContext } from "../../apps/server/src/context.js";
import type { Identity } from "../../apps/server/src/http/auth.js";
import { actorOf } from "../../apps/server/src/http/auth.js";
import { bulkUpdateContacts } from "../../apps/server/src/modules/contacts/bulk/service.js";
import { findContactByEmail } from "../../apps/server/src/modules/contacts/queries.js";
import { findMatchingIds } from "../../apps/server/src/modules/contacts/bulk/queries.js";
import { matchAll } from "../../apps/server/src/filters/conditions.js";
import { recordActivity } from "../../apps/server/src/modules/activity/service.js";
import { endpointsChanged } from "../../apps/server/src/modules/webhooks/events.js";
import { createBenchDatabase, median } from "../postgres.js";
import { BENCH_ADMIN, generateContacts } from "../contacts/generate.js";

const CONTACTS = Number(process.env.CONTACTS ?? 10_000);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const everyone: RuleGroup = { condition: "AND", rules: [] };

const server = await startPostgres();
try {
  const { url, database } = await createBenchDatabase(server);
  await generateContacts(url, CONTACTS, "not-a-password-hash");
  const config = loadConfig({ NODE_ENV: "production", DATABASE_URL: url, WEB_DIST_DIR: "/nonexistent" });
  const admin = await findContactByEmail(database.db, BENCH_ADMIN.email);
  if (!admin) throw new Error("no bench admin");
  const identity: Identity = { method: "user", contact: admin, roles: ["admin"] };
  // Only what the bulk update and the recording use; the providers play no part.
  const base = {
    db: database.db,
    config,
    clock: systemClock,
    newId: newUuid,
    sleep: realSleep,
    log: pino({ level: "silent" }),
  } as unknown as AppContext;
  const recording: AppContext = { ...base, actor: actorOf(identity) };
  const silent: AppContext = { ...base, actor: undefined };
  const tag = newUuid();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`INSERT INTO contact_tags (id, name) VALUES ($1, 'Bench activity')`, [tag]);

  const timed = async (ctx: AppContext, change: string) => {
    const started = performance.now();
    const { affected } = await bulkUpdateContacts(ctx, identity, { rules: everyone, updates: { tags: [change] } });
    return { ms: performance.now() - started, affected };
  };
  const times = {
    on: { add: [] as number[], remove: [] as number[] },
    off: { add: [] as number[], remove: [] as number[] },
  };
  let affected = 0;
  // A first pair warms the caches and the plans; it is not counted.
  await timed(silent, `+${tag}`);
  await timed(silent, `-${tag}`);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [mode, ctx] of (round % 2
      ? [
          ["on", recording],
          ["off", silent],
        ]
      : [
          ["off", silent],
          ["on", recording],
        ]) as ["on" | "off", AppContext][]) {
      const added = await timed(ctx, `+${tag}`);
      times[mode].add.push(added.ms);
      times[mode].remove.push((await timed(ctx, `-${tag}`)).ms);
      affected = added.affected;
    }
  }

  const ids = Array.from({ length: ACTIVITY_MAX_IDS }, () => newUuid());
  const single: number[] = [];
  for (let round = 0; round < 20; round++) {
    const started = performance.now();
    await recordActivity(recording, { kind: "contact.bulk-update", count: 10_000, ids, changes: {} });
    single.push(performance.now() - started);
  }
  const plain: number[] = [];
  for (let round = 0; round < 20; round++) {
    const started = performance.now();
    await recordActivity(recording, { kind: "contact.update", contactId: admin.id, changes: {} });
    plain.push(performance.now() - started);
  }
  const matching: number[] = [];
  for (let round = 0; round < 20; round++) {
    const started = performance.now();
    await findMatchingIds(database.db, matchAll(), ACTIVITY_MAX_IDS);
    matching.push(performance.now() - started);
  }
  const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM activity");

  // Then with an endpoint listening: each update also writes an event, a delivery and a job per contact.
  await client.query(
    `INSERT INTO webhook_endpoints (id, url, events, secret, created_at, updated_at)
     VALUES ($1, 'https://hooks.example.org/bench', '["contact.updated"]', 'whsec_bench', now(), now())`,
    [newUuid()],
  );
  endpointsChanged(base);
  const hooked = { add: [] as number[], remove: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    hooked.add.push((await timed(recording, `+${tag}`)).ms);
    hooked.remove.push((await timed(recording, `-${tag}`)).ms);
    // Sent and pruned in real use; emptied here so every turn starts alike.
    await client.query("DELETE FROM jobs; DELETE FROM webhook_events");
  }

  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const line = (label: string, off: number[], on: number[]) =>
    `${label.padEnd(22)} without ${ms(median(off)).padStart(10)}   with ${ms(median(on)).padStart(10)}   difference ${ms(median(on) - median(off)).padStart(9)}\n`;
  process.stdout.write(
    `contact bulk update of ${affected} contacts, median of ${ROUNDS} turns each:\n` +
      line("add a tag", times.off.add, times.on.add) +
      line("remove the tag", times.off.remove, times.on.remove) +
      `one recording alone (${ACTIVITY_MAX_IDS} ids): median ${ms(median(single))}, slowest ${ms(Math.max(...single))}\n` +
      `one recording of a single change: median ${ms(median(plain))}\n` +
      `reading the first ${ACTIVITY_MAX_IDS} matching ids: median ${ms(median(matching))}\n` +
      `entries recorded: ${rows[0]?.n ?? 0} (${ROUNDS * 2} bulk updates + 40 single recordings)\n` +
      `with a webhook endpoint listening (${affected} events each, record on):\n` +
      line("add a tag", times.on.add, hooked.add) +
      line("remove the tag", times.on.remove, hooked.remove),
  );
  await client.end();
  await database.close();
} finally {
  await server.stop();
}
