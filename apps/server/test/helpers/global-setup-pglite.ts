import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/db/client.js";

/** Migrates one embedded database and saves it, so each test file starts from a copy. */
export default async function setup(project: TestProject) {
  const database = await openDatabase({ kind: "pglite", dataDir: null });
  await database.migrate();
  const dump = await database.dump!();
  await database.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), "cohort-pglite-"));
  const file = path.join(dir, "template.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("database", { kind: "pglite", template: file });
  return () => rmSync(dir, { recursive: true, force: true });
}
