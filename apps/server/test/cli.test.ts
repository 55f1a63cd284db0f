import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { openDatabase } from "../src/db/client.js";
import { TEMPLATE_DATABASE } from "./helpers/global-setup-postgres.js";
import { freshInstall } from "./helpers/server-process.js";
import { call, sessionCookie } from "./helpers/test-app.js";

const run = promisify(execFile);
const serverRoot = fileURLToPath(new URL("..", import.meta.url));

/** Runs the CLI from source, as `npm run create-admin` runs its build. */
function createAdmin(args: string[], env: Record<string, string>) {
  return run(process.execPath, ["--import", "tsx", "--conditions=cohort-source", "src/cli/create-admin.ts", ...args], {
    cwd: serverRoot,
    env: { ...process.env, ...env, LOG_LEVEL: "silent" },
  });
}

/** The configured database of a fresh install: an empty folder, or an empty PostgreSQL database. */
async function freshDatabaseEnv(): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  const target = inject("database");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "cohort-cli-"));
  if (target.kind === "pglite") {
    return { env: { DATA_DIR: dataDir }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const adminUrl = target.template.replace(`/${TEMPLATE_DATABASE}`, "/postgres");
  const name = `cli_${Date.now()}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: adminUrl.replace(/\/postgres$/, `/${name}`) },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

describe("npm run create-admin", () => {
  it("creates an admin in the configured database, then resets their password", async () => {
    const { env, cleanup } = await freshDatabaseEnv();
    try {
      const created = await createAdmin(
        [
          "--email",
          "Chief@Example.org",
          "--password",
          "First-passw0rd",
          "--firstname",
          "Chief",
          "--role",
          "superadmin",
        ],
        env,
      );
      expect(created.stdout).toContain("Created superadmin chief@example.org");
      const updated = await createAdmin(["--email", "chief@example.org", "--password", "Second-passw0rd"], env);
      expect(updated.stdout).toContain("Updated admin");

      const config = loadConfig({ NODE_ENV: "test", WEB_DIST_DIR: "/nonexistent", ...env });
      const database = await openDatabase(
        config.database.kind === "pglite"
          ? { kind: "pglite", dataDir: config.database.dataDir }
          : { kind: "postgres", url: config.database.url },
      );
      const app = await buildApp({ config, db: database.db, logger: false });
      try {
        const old = await call(app, "POST", "/auth/login", {
          body: { email: "chief@example.org", password: "First-passw0rd" },
        });
        expect(old.statusCode).toBe(401);
        const login = await call(app, "POST", "/auth/login", {
          body: { email: "chief@example.org", password: "Second-passw0rd" },
        });
        const me = await call(app, "GET", "/contact/me", { cookie: sessionCookie(login) });
        expect(me.json()).toMatchObject({ firstname: "Chief", activeRoles: ["admin", "superadmin"] });
      } finally {
        await app.close();
        await database.close();
      }
    } finally {
      await cleanup();
    }
  }, 60_000);
});

describe("the embedded database", () => {
  it.runIf(inject("database").kind === "pglite")(
    "refuses a second process while the server has it open",
    async () => {
      // Migrated already: what is checked is the lock, not a first start.
      const install = await freshInstall("lock");
      const dataDir = install.env.DATA_DIR!;
      const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
      try {
        const failure = await createAdmin(["--email", "x@example.org", "--password", "Lock-test-passw0rd"], {
          DATA_DIR: dataDir,
        }).catch((error: { code: number; stderr: string }) => error);
        expect(failure).toMatchObject({ code: 1 });
        expect((failure as { stderr: string }).stderr).toContain(`in use by process ${process.pid}`);
      } finally {
        await database.close();
      }
      // Closed, the lock is gone and the command works.
      const done = await createAdmin(["--email", "x@example.org", "--password", "Lock-test-passw0rd"], {
        DATA_DIR: dataDir,
      });
      expect(done.stdout).toContain("Created admin x@example.org");
      await install.cleanup();
    },
    60_000,
  );
});
