/**
 * Resized images under load: a Cohort server process (embedded database, a
 * fresh data folder) is started; a picture far over the pixel limit is
 * uploaded (it must be refused at once), then the largest picture allowed,
 * and many visitors ask for it at sizes of their choosing, all at once. Prints
 * the server's resident memory (before, peak, after), timings and how many
 * resized copies were kept. It does not pass or fail.
 *
 *   npm run bench:uploads        (REQUESTS=64 CONCURRENCY=16 ROUNDS=2 to change the load)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { IMAGE_MAX_PIXELS, IMAGE_SIZES } from "@cohort/common/callouts";
import { startLocalCohort, type LocalCohort } from "../local-server.js";

/** Image requests per round, each at a random width and/or height. */
const REQUESTS = Number(process.env.REQUESTS ?? 64);
/** Requests in flight at once. */
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 16);
/** Rounds of the same requests: the first makes the copies, later ones find them. */
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const HEADERS = { "x-requested-with": "XMLHttpRequest" };

/** Resident memory of a process now and at its peak, in MB (Linux). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

async function upload(
  base: string,
  bytes: Buffer,
  name: string,
): Promise<{ status: number; url?: string; ms: number }> {
  const started = performance.now();
  const flow = (await (await fetch(`${base}/api/1.0/upload`, { method: "POST", headers: HEADERS })).json()) as {
    id: string;
  };
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${base}/upload/?token=${flow.id}`, { method: "POST", headers: HEADERS, body: form });
  const body = (await response.json()) as { url?: string };
  return { status: response.status, ...(body.url ? { url: body.url } : {}), ms: performance.now() - started };
}

const randomBound = () => 1 + Math.floor(Math.random() * 3000);
function randomQuery(): string {
  switch (Math.floor(Math.random() * 3)) {
    case 0:
      return `w=${randomBound()}`;
    case 1:
      return `h=${randomBound()}`;
    default:
      return `w=${randomBound()}&h=${randomBound()}`;
  }
}

async function runRound(base: string, url: string, queries: string[]): Promise<number[]> {
  const timings: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < queries.length) {
      const query = queries[next++]!;
      const started = performance.now();
      const response = await fetch(`${base}${url}?${query}`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET ${url}?${query} answered ${response.status}`);
      timings.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return timings.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const ms = (value: number) => `${value.toFixed(0)} ms`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), "cohort-bench-uploads-"));
let server: LocalCohort | undefined;
try {
  server = await startLocalCohort(dataDir, { WEB_DIST_DIR: "/nonexistent" });
  const { base } = server;
  const pid = server.process.pid!;
  const lines: string[] = [];
  const started = memoryOf(pid);
  lines.push(`server memory at start: ${started.rss.toFixed(0)} MB`);

  const bomb = await sharp({ create: { width: 16_000, height: 16_000, channels: 3, background: "#f4f4f4" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const refused = await upload(base, bomb, "huge.png");
  lines.push(
    `16,000 × 16,000 PNG (${(bomb.length / 1024).toFixed(0)} KB): answered ${refused.status} in ${ms(refused.ms)}` +
      ` (limit ${IMAGE_MAX_PIXELS / 1_000_000} megapixels)`,
  );

  const side = Math.floor(Math.sqrt(IMAGE_MAX_PIXELS));
  const largest = await sharp({ create: { width: side, height: side, channels: 3, background: "#3366aa" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const accepted = await upload(base, largest, "largest.png");
  if (!accepted.url) throw new Error(`the largest allowed picture was refused (${accepted.status})`);
  const url = new URL(accepted.url, base).pathname;
  lines.push(`${side} × ${side} PNG: answered ${accepted.status} in ${ms(accepted.ms)}`);

  let peakSeen = memoryOf(pid).rss;
  const sampler = setInterval(() => (peakSeen = Math.max(peakSeen, memoryOf(pid).rss)), 25);
  const queries = Array.from({ length: REQUESTS }, randomQuery);
  for (let round = 1; round <= ROUNDS; round++) {
    const roundStart = performance.now();
    const timings = await runRound(base, url, queries);
    const total = performance.now() - roundStart;
    const memory = memoryOf(pid);
    peakSeen = Math.max(peakSeen, memory.rss);
    lines.push(
      `round ${round}: ${REQUESTS} requests at random sizes, ${CONCURRENCY} at once, ${ms(total)} in all;` +
        ` p50 ${ms(percentile(timings, 0.5))}, p90 ${ms(percentile(timings, 0.9))}, max ${ms(timings.at(-1) ?? 0)};` +
        ` memory now ${memory.rss.toFixed(0)} MB`,
    );
  }
  clearInterval(sampler);
  const fileId = url.split("/")[2] ?? "";
  const copies = readdirSync(path.join(dataDir, "uploads", "files")).filter((entry) => entry.startsWith(`${fileId}-`));
  const end = memoryOf(pid);
  lines.push(
    `resized copies kept: ${copies.length} (at most ${3 * IMAGE_SIZES.length}: sizes ${IMAGE_SIZES.join(", ")})`,
    `server memory: start ${started.rss.toFixed(0)} MB, peak while resizing ${peakSeen.toFixed(0)} MB,` +
      ` end ${end.rss.toFixed(0)} MB (peak since the process started: ${end.peak.toFixed(0)} MB)`,
  );
  process.stdout.write(`uploads: resizing under load\n${lines.map((line) => `  ${line}`).join("\n")}\n`);
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
