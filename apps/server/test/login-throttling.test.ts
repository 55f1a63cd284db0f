import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, like } from "drizzle-orm";
import { ACCOUNT_FAILURE_BUDGET, ACCOUNT_LOCK_DURATION, LOGIN_ATTEMPT_LIMITS } from "@cohort/common/auth";
import { MAX_PASSWORD_TRIES } from "@cohort/common/contacts";
import { API_PREFIX, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from "@cohort/common/http";
import { ONE_MINUTE } from "@cohort/common/time";
import { buildApp } from "../src/app.js";
import { contactMfa, contacts, throttleCounters } from "../src/db/schema/index.js";
import { sweepLoginCounters } from "../src/modules/auth/service.js";
import { generateTotp } from "../src/modules/auth/totp.js";
import { createResetFlow } from "../src/modules/resets/service.js";
import { clientKey } from "../src/modules/throttle/service.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

const SECRET = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU";
const NEW_PASSWORD = "Brand-new-pass7";
const { inProgress, failuresPerMinute } = LOGIN_ATTEMPT_LIMITS;

let t: TestApp;
const extraApps: FastifyInstance[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  await t.close();
});

/** Another server copy on the same database and clock, with its own `sleep`. */
async function anotherCopy(sleep: (ms: number) => Promise<void> = () => Promise.resolve()) {
  const app = await buildApp({
    config: t.config,
    db: t.database.db,
    clock: t.clock,
    sleep,
    captcha: t.ctx.captcha,
    storage: t.ctx.storage,
    email: t.ctx.email,
    logger: false,
  });
  await app.ready();
  extraApps.push(app);
  return app;
}

let addressCount = 0;
/** A client address no other test uses. */
function newAddress(): string {
  addressCount++;
  return `10.77.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`;
}

function login(app: FastifyInstance, body: { email: string; password: string; token?: string }, address: string) {
  return app.inject({
    method: "POST",
    url: `${API_PREFIX}/auth/login`,
    headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
    payload: body,
    remoteAddress: address,
  });
}

async function contactRow(id: string) {
  const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, id));
  return row!;
}

/** A valid code for the next time step, so that it has not been used yet. */
function nextCode(): string {
  t.clock.advance(30_000);
  return generateTotp(SECRET, t.clock.now());
}

/** A six-digit code that is not valid now. */
function wrongCode(): string {
  return generateTotp(SECRET, new Date(t.clock.now().getTime() + 10 * ONE_MINUTE));
}

async function lockByWrongPasswords(email: string, address: string): Promise<void> {
  for (let attempt = 0; attempt < MAX_PASSWORD_TRIES; attempt++) {
    expect((await login(t.app, { email, password: "Wrong-pass1" }, address)).json().code).toBe("login-failed");
  }
  expect((await login(t.app, { email, password: PASSWORD }, address)).json().code).toBe("account-locked");
}

describe("wrong one-time codes", () => {
  it("are slowed down and counted like wrong passwords, and then lock the account", async () => {
    const contact = await makeContact(t.database.db, { totpSecret: SECRET });
    const address = newAddress();
    t.sleeps.length = 0;
    for (let attempt = 0; attempt < MAX_PASSWORD_TRIES; attempt++) {
      const wrong = await login(t.app, { email: contact.email, password: PASSWORD, token: wrongCode() }, address);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().code).toBe("invalid-token");
      if (attempt === 0) {
        // The right password alone forgets nothing.
        const passwordOnly = await login(t.app, { email: contact.email, password: PASSWORD }, address);
        expect(passwordOnly.json().code).toBe("requires-2fa");
      }
    }
    expect(t.sleeps).toHaveLength(MAX_PASSWORD_TRIES);
    expect(t.sleeps[MAX_PASSWORD_TRIES - 1]).toBeGreaterThan(t.sleeps[0]!);
    expect((await contactRow(contact.id)).passwordTries).toBe(MAX_PASSWORD_TRIES);

    const valid = await login(t.app, { email: contact.email, password: PASSWORD, token: nextCode() }, address);
    expect(valid.statusCode).toBe(401);
    expect(valid.json()).toMatchObject({ code: "account-locked", httpCode: 401 });
    expect(valid.cookies).toHaveLength(0);
  });

  it("a replayed code counts as a wrong one", async () => {
    const contact = await makeContact(t.database.db, { totpSecret: SECRET });
    const address = newAddress();
    const code = nextCode();
    expect((await login(t.app, { email: contact.email, password: PASSWORD, token: code }, address)).statusCode).toBe(
      204,
    );
    const replay = await login(t.app, { email: contact.email, password: PASSWORD, token: code }, address);
    expect(replay.json().code).toBe("token-already-used");
    expect((await contactRow(contact.id)).passwordTries).toBe(1);
  });

  it("are counted when turning 2FA off, and a locked account cannot turn it off", async () => {
    const contact = await makeContact(t.database.db, { totpSecret: SECRET });
    const address = newAddress();
    const cookie = sessionCookie(
      await login(t.app, { email: contact.email, password: PASSWORD, token: nextCode() }, address),
    );
    t.sleeps.length = 0;
    for (let attempt = 0; attempt < MAX_PASSWORD_TRIES; attempt++) {
      const wrong = await call(t.app, "DELETE", "/contact/me/mfa", {
        cookie,
        body: { type: "totp", token: wrongCode(), currentPassword: PASSWORD },
        remoteAddress: address,
      });
      expect(wrong.json().code).toBe("invalid-token");
    }
    expect(t.sleeps).toHaveLength(MAX_PASSWORD_TRIES);
    const valid = await call(t.app, "DELETE", "/contact/me/mfa", {
      cookie,
      body: { type: "totp", token: nextCode(), currentPassword: PASSWORD },
      remoteAddress: address,
    });
    expect(valid.json().code).toBe("account-locked");
    expect(await t.database.db.select().from(contactMfa).where(eq(contactMfa.contactId, contact.id))).toHaveLength(1);
  });

  it("are counted when setting a new password through a reset link", async () => {
    const contact = await makeContact(t.database.db, { totpSecret: SECRET });
    const flowId = await createResetFlow(t.ctx, contact.id, "password");
    const wrong = await call(t.app, "PUT", `/reset-password/${flowId}`, {
      body: { password: NEW_PASSWORD, token: wrongCode() },
      remoteAddress: newAddress(),
    });
    expect(wrong.json().code).toBe("invalid-token");
    expect((await contactRow(contact.id)).passwordTries).toBe(1);
  });
});

describe("an account lock", () => {
  it("runs out by itself after the set time, however often it is tried meanwhile", async () => {
    const contact = await makeContact(t.database.db);
    const address = newAddress();
    await lockByWrongPasswords(contact.email, address);

    t.clock.advance(ACCOUNT_LOCK_DURATION - ONE_MINUTE);
    const stillLocked = await login(t.app, { email: contact.email, password: PASSWORD }, address);
    expect(stillLocked.json().code).toBe("account-locked");

    t.clock.advance(ONE_MINUTE + 1);
    // After the lock the count starts again: one wrong password does not lock it at once.
    const wrong = await login(t.app, { email: contact.email, password: "Wrong-pass1" }, address);
    expect(wrong.json().code).toBe("login-failed");
    expect((await login(t.app, { email: contact.email, password: PASSWORD }, address)).statusCode).toBe(204);
  });

  it("is lifted at once by a password reset", async () => {
    const contact = await makeContact(t.database.db);
    const address = newAddress();
    await lockByWrongPasswords(contact.email, address);
    const flowId = await createResetFlow(t.ctx, contact.id, "password");
    const reset = await call(t.app, "PUT", `/reset-password/${flowId}`, {
      body: { password: NEW_PASSWORD },
      remoteAddress: address,
    });
    expect(reset.statusCode).toBe(204);
    expect((await login(t.app, { email: contact.email, password: NEW_PASSWORD }, address)).statusCode).toBe(204);
  });
});

describe("nobody can keep an owner out", () => {
  /** Failures from two addresses, each up to its own lock: together they spend the account's budget. */
  async function spendBudget(email: string): Promise<void> {
    for (let address = 0; address < ACCOUNT_FAILURE_BUDGET / MAX_PASSWORD_TRIES; address++) {
      await lockByWrongPasswords(email, newAddress());
    }
  }

  it("an address that keeps failing locks only itself out; the owner logs in from another at once", async () => {
    const contact = await makeContact(t.database.db, { totpSecret: SECRET });
    const { email } = contact;
    const copy = await anotherCopy();
    const attacker = newAddress();
    // Three quarter hours of guessing, the middle one by someone who knows the password and guesses codes.
    for (let round = 0; round < 3; round++) {
      for (let attempt = 0; attempt < MAX_PASSWORD_TRIES; attempt++) {
        const guess =
          round === 1 ? { email, password: PASSWORD, token: wrongCode() } : { email, password: "Wrong-pass1" };
        expect((await login(t.app, guess, attacker)).json().code).toBe(round === 1 ? "invalid-token" : "login-failed");
      }
      // The attacker's address is refused even the right password and code, on every copy.
      for (const app of [t.app, copy]) {
        const refused = await login(app, { email, password: PASSWORD, token: nextCode() }, attacker);
        expect(refused.statusCode).toBe(401);
        expect(refused.json().code).toBe("account-locked");
      }
      // The owner, from an address the account has never seen, is not.
      const owner = await login(copy, { email, password: PASSWORD, token: nextCode() }, newAddress());
      expect(owner.statusCode).toBe(204);
      t.clock.advance(ACCOUNT_LOCK_DURATION);
    }
  });

  it("once strangers have spent the account's budget, addresses it knows still log in", async () => {
    const contact = await makeContact(t.database.db, { totpSecret: SECRET });
    const { email } = contact;
    const home = newAddress();
    expect((await login(t.app, { email, password: PASSWORD, token: nextCode() }, home)).statusCode).toBe(204);
    await spendBudget(email);
    expect((await contactRow(contact.id)).passwordTries).toBe(ACCOUNT_FAILURE_BUDGET);

    const stranger = newAddress();
    const refused = await login(t.app, { email, password: PASSWORD, token: nextCode() }, stranger);
    expect(refused.json().code).toBe("account-locked");
    expect((await login(t.app, { email, password: PASSWORD, token: nextCode() }, home)).statusCode).toBe(204);
    // A wrong password from a known address is just wrong; its own count goes on.
    expect((await login(t.app, { email, password: "Wrong-pass1" }, home)).json().code).toBe("login-failed");

    // When the quarter hour is over, anyone may try again.
    t.clock.advance(ACCOUNT_LOCK_DURATION);
    expect((await login(t.app, { email, password: PASSWORD, token: nextCode() }, stranger)).statusCode).toBe(204);
  });

  it("a session and a reset link are not held back by failures elsewhere", async () => {
    const contact = await makeContact(t.database.db, { totpSecret: SECRET });
    const { email } = contact;
    // The owner on the move: every request from an address the account has never logged in from.
    await spendBudget(email);
    const flowId = await createResetFlow(t.ctx, contact.id, "password");
    const reset = await call(t.app, "PUT", `/reset-password/${flowId}`, {
      body: { password: NEW_PASSWORD, token: nextCode() },
      remoteAddress: newAddress(),
    });
    expect(reset.statusCode, reset.body).toBe(204);
    const cookie = sessionCookie(reset);

    await spendBudget(email);
    const changed = await call(t.app, "PATCH", "/contact/me", {
      cookie,
      body: { password: PASSWORD, currentPassword: NEW_PASSWORD, token: nextCode() },
      remoteAddress: newAddress(),
    });
    expect(changed.statusCode, changed.body).toBe(200);

    await spendBudget(email);
    const off = await call(t.app, "DELETE", "/contact/me/mfa", {
      cookie,
      body: { type: "totp", currentPassword: PASSWORD, token: nextCode() },
      remoteAddress: newAddress(),
    });
    expect(off.statusCode, off.body).toBe(201);
  });
});

describe("attempts from one client address", () => {
  it("are limited in number at once, across accounts and server copies", async () => {
    // Failed attempts wait until the gate opens, so they stay in progress.
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const gatedSleep = (ms: number) => (ms > 0 ? gate : Promise.resolve());
    const copies = [await anotherCopy(gatedSleep), await anotherCopy(gatedSleep)];
    const address = newAddress();
    const total = 30;

    let settled = 0;
    const pending = Array.from({ length: total }, (_, index) =>
      login(copies[index % 2]!, { email: `guess${index}@example.org`, password: "Guess-pass1" }, address).finally(
        () => settled++,
      ),
    );
    await vi.waitFor(() => expect(settled).toBe(total - inProgress.max), { timeout: 10_000 });

    // Meanwhile another address is served as usual.
    const someone = await makeContact(t.database.db);
    expect((await login(copies[0]!, { email: someone.email, password: PASSWORD }, newAddress())).statusCode).toBe(204);

    openGate();
    const responses = await Promise.all(pending);
    const refused = responses.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(total - inProgress.max);
    expect(refused[0]!.json()).toEqual({
      httpCode: 429,
      name: "TooManyRequestsError",
      code: "too-many-requests",
      message: expect.stringContaining("Too many login attempts"),
    });
    expect(responses.filter((response) => response.json().code === "login-failed")).toHaveLength(inProgress.max);

    // Finished attempts free their place.
    expect((await login(copies[1]!, { email: someone.email, password: PASSWORD }, address)).statusCode).toBe(204);
  });

  it("may fail only so often per minute, across accounts and server copies; successes do not count", async () => {
    const copies = [t.app, await anotherCopy()];
    const someone = await makeContact(t.database.db);
    const address = newAddress();
    for (let index = 0; index < failuresPerMinute.max + 2; index++) {
      const ok = await login(copies[index % 2]!, { email: someone.email, password: PASSWORD }, address);
      expect(ok.statusCode).toBe(204);
    }
    for (let index = 0; index < failuresPerMinute.max; index++) {
      const wrong = await login(copies[index % 2]!, { email: `nobody${index}@example.org`, password: "x" }, address);
      expect(wrong.json().code).toBe("login-failed");
    }
    for (const copy of copies) {
      const refused = await login(copy, { email: someone.email, password: PASSWORD }, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe("too-many-requests");
    }
    // Nothing was counted against the account while the address was refused.
    expect((await contactRow(someone.id)).passwordTries).toBe(0);

    // Another address is not affected, and the next minute the address may try again.
    expect((await login(t.app, { email: someone.email, password: PASSWORD }, newAddress())).statusCode).toBe(204);
    t.clock.advance(failuresPerMinute.windowMs);
    expect((await login(t.app, { email: someone.email, password: PASSWORD }, address)).statusCode).toBe(204);
  });

  it("count an IPv6 client by its /64 network and an IPv4-mapped address as IPv4", () => {
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe(clientKey("2001:0db8:0001:0002:bbbb:cccc:dddd:eeee"));
    expect(clientKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8:1:3::1")).not.toBe(clientKey("2001:db8:1:2::1"));
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(clientKey("192.0.2.7")).toBe("192.0.2.7");
  });

  it("are counted in rows that are deleted once their minute is over", async () => {
    const address = newAddress();
    await login(t.app, { email: "nobody@example.org", password: "x" }, address);
    const rows = () =>
      t.database.db
        .select()
        .from(throttleCounters)
        .where(like(throttleCounters.key, `%:${address}`));
    expect(await rows()).toHaveLength(2);
    t.clock.advance(ONE_MINUTE);
    await sweepLoginCounters(t.ctx);
    expect(await rows()).toHaveLength(0);
  });
});
