import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const serverRoot = fileURLToPath(new URL("..", import.meta.url));

describe("migrations", () => {
  it("describe exactly the drizzle schema: generating again finds nothing new", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "cohort-migrations-"));
    try {
      cpSync(path.join(serverRoot, "src/db/migrations"), dir, { recursive: true });
      const before = readdirSync(dir).filter((name) => name.endsWith(".sql"));
      const config = path.join(dir, "drizzle.check.config.ts");
      writeFileSync(
        config,
        `export default ${JSON.stringify({
          dialect: "postgresql",
          schema: path.join(serverRoot, "src/db/schema/index.ts"),
          // drizzle-kit reads `out` relative to the working folder.
          out: path.relative(serverRoot, dir),
          casing: "snake_case",
        })};\n`,
      );
      const { stdout } = await run("npx", ["drizzle-kit", "generate", "--config", config], { cwd: serverRoot });
      const after = readdirSync(dir).filter((name) => name.endsWith(".sql"));
      expect(after, stdout).toEqual(before);
      expect(stdout).toContain("No schema changes");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
