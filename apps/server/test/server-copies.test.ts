import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import type { FastifyInstance } from "fastify";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { eq } from "drizzle-orm";
import { buildApp } from "../src/app.js";
import { openDatabase, postgresPool, type Db } from "../src/db/client.js";
import { calloutVariants, callouts } from "../src/db/schema/index.js";
import * as schema from "../src/db/schema/index.js";
import { EMAIL_LIMITS } from "../src/http/rate-limits.js";
import { ReadCache, readCache } from "../src/lib/read-cache.js";
import { updateCallout } from "../src/modules/callouts/service.js";
import { updateGeneralContent, updateJoinContent } from "../src/modules/content/service.js";
import { makeCallout } from "./helpers/callout-factory.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

/**
 * Two server copies on one database, each with its own connections (on the
 * embedded database: its own handle of it), as behind a load balancer: what
 * one copy changes, the other answers within a second, and the limits are
 * counted once for both.
 */
describe("two server copies on one database", () => {
  let t: TestApp;
  let other: FastifyInstance;
  let otherDb: Db;
  let closeOther: () => Promise<void>;

  beforeAll(async () => {
    t = await createTestApp();
    await updateJoinContent(t.ctx, { showNoContribution: true });
    const pool = postgresPool(t.database.db);
    if (pool) {
      const second = await openDatabase({ kind: "postgres", url: pool.options.connectionString ?? "" });
      otherDb = second.db;
      closeOther = () => second.close();
    } else {
      const client = (t.database.db as unknown as { $client: PGlite }).$client;
      otherDb = drizzle({ client, schema, casing: "snake_case" });
      closeOther = async () => undefined;
    }
    other = await buildApp({ config: t.config, db: otherDb, clock: t.clock, logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await closeOther();
    await t.close();
  });

  /** Asks until `check` holds, for at most a second; answers how long it took. */
  async function within1s(ask: () => Promise<unknown>, check: (answer: unknown) => boolean): Promise<number> {
    const start = performance.now();
    let answer = await ask();
    while (!check(answer)) {
      if (performance.now() - start > 1000) throw new Error(`still ${JSON.stringify(answer)} after a second`);
      await new Promise((resolve) => setTimeout(resolve, 10));
      answer = await ask();
    }
    return performance.now() - start;
  }

  it("shows a settings change made through one copy on the other within a second", async () => {
    const read = async () => (await call(other, "GET", "/content/general")).json<{ organisationName: string }>();
    expect((await read()).organisationName).not.toBe("Harbour Post");
    // Read twice, so the other copy answers from its cache.
    await read();
    await updateGeneralContent(t.ctx, { organisationName: "Harbour Post" });
    await within1s(read, (answer) => (answer as { organisationName: string }).organisationName === "Harbour Post");
  });

  it("shows a callout change made through one copy on the other within a second, for each shape", async () => {
    const made = await makeCallout(t.database.db, t.clock, { access: "anonymous", title: "Before" });
    const paths = [`/callout/${made.slug}`, `/callout/${made.slug}?with[]=form`, "/callout?limit=100"];
    const titles = async () =>
      Promise.all(
        paths.map(async (path) => {
          const body = (await call(other, "GET", path)).json<{ title?: string; items?: { title: string }[] }>();
          return body.items ? body.items.map((item) => item.title) : body.title;
        }),
      );
    expect(await titles()).toEqual(["Before", "Before", expect.arrayContaining(["Before"])]);
    await updateCallout(t.ctx, made.id, {
      variants: {
        default: {
          title: "After",
          excerpt: "",
          intro: "",
          thanksTitle: "Thanks",
          thanksText: "",
          slideNavigation: {},
          componentText: {},
        },
      },
    });
    await within1s(titles, (answer) => {
      const [one, withForm, list] = answer as [string, string, string[]];
      return one === "After" && withForm === "After" && list.includes("After") && !list.includes("Before");
    });
  });

  it("hears of changes written straight to the database, and ignores new response numbers", async () => {
    const made = await makeCallout(t.database.db, t.clock, { access: "anonymous" });
    const hidden = async () => (await call(other, "GET", `/callout/${made.slug}`)).json<{ hidden: boolean }>().hidden;
    expect(await hidden()).toBe(false);
    await t.database.db.update(callouts).set({ hidden: true }).where(eq(callouts.id, made.id));
    await within1s(hidden, (answer) => answer === true);
    // The other copy can read the hidden callout afresh before it hears of the change (the cache
    // emptied by the callout's making): it hears of everything so far before the count starts.
    const marker = readCache(otherDb, "content", "heard-marker");
    const barrier = vi.spyOn(marker, "clear");
    await updateGeneralContent(t.ctx, { organisationName: "Before the answer" });
    await within1s(
      async () => barrier.mock.calls.length,
      (calls) => (calls as number) > 0,
    );
    barrier.mockRestore();

    // A response bumps the callout's response number, which nothing cached shows: nothing is emptied.
    const clear = vi.spyOn(readCache(otherDb, "callouts", "callouts"), "clear");
    const answered = await call(t.app, "POST", `/callout/${made.id}/responses`, {
      body: { answers: { slide1: { name: "Ada" }, slide2: {} } },
    });
    expect(answered.statusCode).toBe(200);
    // Changes are told in the order they commit, so once the other copy hears of a later change
    // it has heard of the response too, had there been anything to hear. The settings' change
    // empties the callouts cache (made from settings too) once, just before the marker's.
    let clearsWhenHeard: number | undefined;
    vi.spyOn(marker, "clear").mockImplementation(() => {
      clearsWhenHeard ??= clear.mock.calls.length;
    });
    await updateGeneralContent(t.ctx, { organisationName: "After the answer" });
    await within1s(
      async () => clearsWhenHeard,
      (answer) => answer !== undefined,
    );
    expect(clearsWhenHeard).toBe(1);
    clear.mockClear();
    await t.database.db.update(calloutVariants).set({ excerpt: "New" }).where(eq(calloutVariants.calloutId, made.id));
    await within1s(
      async () => clear.mock.calls.length,
      (calls) => (calls as number) > 0,
    );
    clear.mockRestore();
  });

  it("shows an edit of a callout to both readers of the other copy at once: the public callout and the answering", async () => {
    const made = await makeCallout(t.database.db, t.clock, { access: "anonymous", captcha: "none" });
    const captcha = async () => (await call(other, "GET", `/callout/${made.slug}`)).json<{ captcha: string }>().captcha;
    const respond = () =>
      call(other, "POST", `/callout/${made.id}/responses`, {
        body: { answers: { slide1: { name: "Ada" }, slide2: {} } },
      });
    // Both readers of the other copy keep the callout as it is.
    expect(await captcha()).toBe("none");
    expect((await respond()).statusCode).toBe(200);
    await updateCallout(t.ctx, made.id, { captcha: "all" });
    await within1s(captcha, (answer) => answer === "all");
    // Once one reader of that copy has heard of the edit, the other has too: they read one cache, emptied once.
    const refused = await respond();
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ code: string }>().code).toBe("captcha-required");
  });

  it("shows a callout as ended once its end date passes, with no change to tell of", async () => {
    const expires = new Date(t.clock.now().getTime() + 60_000);
    const made = await makeCallout(t.database.db, t.clock, { access: "anonymous", expires });
    const status = async () => (await call(other, "GET", `/callout/${made.slug}`)).json<{ status: string }>().status;
    expect(await status()).toBe("open");
    expect(await status()).toBe("open");
    t.clock.advance(60_001);
    expect(await status()).toBe("ended");
    const list = (await call(other, "GET", "/callout?limit=100")).json<{ items: { id: string; status: string }[] }>();
    expect(list.items.find((item) => item.id === made.id)?.status).toBe("ended");
  });

  it.runIf(inject("database").kind === "postgres")(
    "reads the database while a copy cannot hear of changes, and listens again",
    async () => {
      const pool = postgresPool(t.database.db)!;
      const listeners = async () =>
        (
          await pool.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = $1",
            ["LISTEN cohort_cache"],
          )
        ).rows[0]?.n;
      expect(await listeners()).toBe(2);
      const read = async () => (await call(other, "GET", "/content/general")).json<{ organisationName: string }>();
      await read();
      await pool.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = $1",
        ["LISTEN cohort_cache"],
      );
      await updateGeneralContent(t.ctx, { organisationName: "While deaf" });
      await within1s(read, (answer) => (answer as { organisationName: string }).organisationName === "While deaf");
      const start = performance.now();
      while ((await listeners()) !== 2 && performance.now() - start < 5000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await listeners()).toBe(2);
      await read();
      await updateGeneralContent(t.ctx, { organisationName: "Heard again" });
      await within1s(read, (answer) => (answer as { organisationName: string }).organisationName === "Heard again");
    },
  );

  it("counts the email limits once for both copies", async () => {
    const urls = {
      loginUrl: "http://localhost:3000/auth/login",
      setPasswordUrl: "http://localhost:3000/auth/set-password",
      confirmUrl: "http://localhost:3000/join/confirm-email",
    };
    const signup = (app: FastifyInstance, email: string, remoteAddress: string) =>
      call(app, "POST", "/signup", { body: { email, ...urls }, remoteAddress });
    const copies = [t.app, other];
    for (let i = 0; i < EMAIL_LIMITS.perRecipient.max; i++) {
      expect((await signup(copies[i % 2]!, "shared@example.org", `203.0.113.${i + 1}`)).statusCode).toBe(204);
    }
    for (const copy of copies) {
      expect((await signup(copy, "shared@example.org", "203.0.113.99")).statusCode).toBe(429);
    }

    const client = "198.51.100.77";
    for (let i = 0; i < EMAIL_LIMITS.perClient.max; i++) {
      expect((await signup(copies[i % 2]!, `copies${i}@example.org`, client)).statusCode).toBe(204);
    }
    for (const copy of copies) {
      const refused = await signup(copy, "one.more@example.org", client);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: "too-many-requests" });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
  });
});

describe("a read cache", () => {
  it("answers a load that began before an invalidation but does not keep it", async () => {
    const cache = new ReadCache<string>(() => true);
    let release: (value: string) => void = () => undefined;
    const loading = cache.get(
      "key",
      0,
      () => new Promise((resolve) => (release = (value) => resolve({ value, until: 1000 }))),
    );
    cache.clear();
    release("old");
    expect(await loading).toBe("old");
    expect(await cache.get("key", 0, async () => ({ value: "new", until: 1000 }))).toBe("new");
    expect(await cache.get("key", 999, async () => ({ value: "newer", until: 2000 }))).toBe("new");
    expect(await cache.get("key", 1000, async () => ({ value: "newest", until: 2000 }))).toBe("newest");
  });

  it("keeps nothing while it cannot hear of changes, and shares loads running at once", async () => {
    let live = false;
    const cache = new ReadCache<number>(() => live);
    let loads = 0;
    const load = async () => ({ value: ++loads, until: 1000 });
    expect(await cache.get("key", 0, load)).toBe(1);
    expect(await cache.get("key", 0, load)).toBe(2);
    live = true;
    const [a, b] = await Promise.all([cache.get("key", 0, load), cache.get("key", 0, load)]);
    expect([a, b]).toEqual([3, 3]);
    expect(await cache.get("key", 0, load)).toBe(3);
  });
});
