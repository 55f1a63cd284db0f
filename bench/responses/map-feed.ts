/**
 * Map feed benchmark: one callout with 50,000 located responses in the public
 * bucket (plus 10,000 others) in a real PostgreSQL server started for the
 * run, then the public feed read over HTTP page by page as the map page does:
 * the first page and the whole feed with an empty cache, again from the cache,
 * and once more after a response moved bucket. Prints numbers; it does not
 * pass or fail.
 *
 *   npm run bench:map                  (LOCATED=10000 for a quicker run)
 */
import pg from "pg";
import { MAP_RESPONSE_LIMIT } from "@cohort/common/callouts";
import { makeCallout } from "../../apps/server/test/helpers/callout-factory.js";
import { startPostgres } from "../../apps/server/test/helpers/postgres-server.js";
import { createBenchDatabase, listenOnBenchDatabase, median } from "../postgres.js";

const LOCATED = Number(process.env.LOCATED ?? 50_000);
const OTHERS = Math.round(LOCATED / 5);
const RUNS = Number(process.env.RUNS ?? 5);
/** Pages fetched at once after the first, as the web client does. */
const PARALLEL = 3;

const ms = (value: number) => `${value.toFixed(0)} ms`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

const form = {
  slides: [
    {
      id: "report",
      title: "Report",
      navigation: { nextSlideId: null },
      components: [
        { id: "t", key: "title", type: "textfield", input: true },
        { id: "w", key: "where", type: "address", input: true },
        { id: "p", key: "photos", type: "file", input: true, isMulti: true },
        { id: "d", key: "details", type: "textarea", input: true },
        { id: "e", key: "email", type: "email", input: true, adminOnly: true },
      ],
    },
  ],
};

const server = await startPostgres();
try {
  const { url, database } = await createBenchDatabase(server);

  const seedStarted = performance.now();
  const callout = await makeCallout(
    database.db,
    { now: () => new Date() },
    {
      access: "anonymous",
      allowMultiple: true,
      formSchema: form as never,
      responseViewSchema: {
        buckets: ["verified"],
        titleProp: "report.title",
        imageProp: "report.photos",
        imageFilter: "",
        links: [],
        gallery: true,
        map: {
          style: "",
          center: [13.4, 52.5],
          bounds: [
            [12.9, 52.3],
            [13.8, 52.7],
          ],
          minZoom: 9,
          maxZoom: 18,
          initialZoom: 11,
          addressProp: "report.where",
          addressPattern: "",
          addressPatternProp: "",
        },
      },
    },
  );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Located responses first (verified), then others in the inbox; points spread over Berlin.
  await client.query(
    `INSERT INTO callout_responses (id, callout_id, number, answers, bucket, created_at, updated_at)
     SELECT gen_random_uuid(), $1, n,
       jsonb_build_object('report', jsonb_build_object(
         'title', 'Flooded street ' || n,
         'where', jsonb_build_object(
           'formatted_address', 'Street ' || (n % 500) || ' ' || n || ', Berlin',
           'geometry', jsonb_build_object('location', jsonb_build_object(
             'lat', 52.35 + (n % 997) * 0.0003, 'lng', 13.1 + (n % 991) * 0.0006))),
         'photos', CASE WHEN n % 3 = 0 THEN jsonb_build_array(jsonb_build_object(
           'url', '/uploads/' || gen_random_uuid() || '/photo.jpg', 'name', 'photo.jpg')) ELSE '[]'::jsonb END,
         'details', 'Water up to the kerb after the storm, reported by a reader.',
         'email', 'reader' || n || '@example.org')),
       CASE WHEN n <= $2 THEN 'verified' ELSE '' END,
       now() - make_interval(secs => $3 - n), now() - make_interval(secs => $3 - n)
     FROM generate_series(1, $3::int) AS n`,
    [callout.id, LOCATED, LOCATED + OTHERS],
  );
  await client.query("UPDATE callouts SET last_response_number = $2 WHERE id = $1", [callout.id, LOCATED + OTHERS]);
  await client.query("ANALYZE");
  process.stdout.write(
    `generated ${LOCATED} located public responses and ${OTHERS} others in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s\n`,
  );

  const { app, address } = await listenOnBenchDatabase(url, database);
  const feedUrl = (offset: number) => `${address}/api/1.0/callout/${callout.slug}/responses/map?offset=${offset}`;

  /** One page: time, the JSON size, and the total. */
  const page = async (offset: number) => {
    const started = performance.now();
    const response = await fetch(feedUrl(offset), { headers: { "accept-encoding": "gzip" } });
    const text = await response.text();
    if (!response.ok) throw new Error(`feed answered ${response.status}: ${text.slice(0, 200)}`);
    const body = JSON.parse(text) as { total: number; count: number };
    return { ms: performance.now() - started, bytes: Buffer.byteLength(text), total: body.total, count: body.count };
  };

  /** The whole feed as the map page reads it: the first page, then the rest a few at a time. */
  const wholeFeed = async () => {
    const started = performance.now();
    const first = await page(0);
    let bytes = first.bytes;
    let items = first.count;
    const offsets: number[] = [];
    for (let offset = MAP_RESPONSE_LIMIT; offset < first.total; offset += MAP_RESPONSE_LIMIT) offsets.push(offset);
    for (let index = 0; index < offsets.length; index += PARALLEL) {
      const pages = await Promise.all(offsets.slice(index, index + PARALLEL).map(page));
      for (const next of pages) {
        bytes += next.bytes;
        items += next.count;
      }
    }
    return { firstMs: first.ms, ms: performance.now() - started, bytes, items, pages: offsets.length + 1 };
  };

  const cold: number[] = [];
  const coldFirst: number[] = [];
  const warm: number[] = [];
  const warmFirst: number[] = [];
  let shape = { bytes: 0, items: 0, pages: 0 };
  for (let run = 0; run < RUNS; run++) {
    // A change to any response of the callout makes every cached page stale.
    await client.query("UPDATE callout_responses SET updated_at = now() WHERE callout_id = $1 AND number = $2", [
      callout.id,
      LOCATED + 1 + run,
    ]);
    const fresh = await wholeFeed();
    cold.push(fresh.ms);
    coldFirst.push(fresh.firstMs);
    const cached = await wholeFeed();
    warm.push(cached.ms);
    warmFirst.push(cached.firstMs);
    shape = fresh;
  }
  const memory = process.memoryUsage();
  await client.end();
  await app.close();
  await database.close();

  process.stdout.write(
    [
      `feed: ${shape.items} responses in ${shape.pages} pages of ${MAP_RESPONSE_LIMIT}, ${kib(shape.bytes)} of JSON (before gzip)`,
      `first page, empty cache:   ${ms(median(coldFirst))} median of ${RUNS}`,
      `whole feed, empty cache:   ${ms(median(cold))} median (${PARALLEL} pages at a time after the first)`,
      `first page, from cache:    ${ms(median(warmFirst))} median`,
      `whole feed, from cache:    ${ms(median(warm))} median`,
      `server process heap after: ${(memory.heapUsed / 1024 / 1024).toFixed(0)} MiB, rss ${(memory.rss / 1024 / 1024).toFixed(0)} MiB`,
    ].join("\n") + "\n",
  );
} finally {
  await server.stop();
}
