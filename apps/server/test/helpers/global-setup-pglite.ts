import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/db/client.js";
import { afterThisProcess } from "./after-this-process.js";

/**
 * Migrates one embedded database and saves it, so each test file starts from a copy: as a dump
 * for the test apps, and as the data folder itself for servers and commands started in a
 * process of their own, which would otherwise create and migrate a database each.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "cohort-pglite-"));
  // Removed when the run ends, also when it is stopped before its teardown.
  const cleanup = afterThisProcess([["rm", "-rf", dir]]);
  const templateDir = path.join(dir, "pglite");
  const database = await openDatabase({ kind: "pglite", dataDir: templateDir });
  await database.migrate();
  const dump = await database.dump!();
  await database.close();
  const file = path.join(dir, "template.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("database", { kind: "pglite", template: file, templateDir });
  return () => cleanup.now();
}
