import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/db/client.js";
import { startPostgres } from "./postgres-server.js";

export const TEMPLATE_DATABASE = "cohort_template";

/** Starts a PostgreSQL server and migrates a template database that each test file copies. */
export default async function setup(project: TestProject) {
  const server = await startPostgres();
  const admin = new pg.Client({ connectionString: server.url() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const database = await openDatabase({ kind: "postgres", url: server.url(TEMPLATE_DATABASE), poolSize: 1 });
  await database.migrate();
  await database.close();
  project.provide("database", { kind: "postgres", template: server.url(TEMPLATE_DATABASE) });
  return () => server.stop();
}
