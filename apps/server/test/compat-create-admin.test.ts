/**
 * Migration scripts often create their first admin with `npm run
 * create-admin`. A refused password names the rule it failed and shows how
 * to pass `--password` (decision 024).
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const serverRoot = fileURLToPath(new URL("..", import.meta.url));

/** Runs the command from source and answers its exit code and error output. */
async function refused(args: string[]): Promise<{ code: number; stderr: string }> {
  const outcome = await run(
    process.execPath,
    ["--import", "tsx", "--conditions=cohort-source", "src/cli/create-admin.ts", ...args],
    { cwd: serverRoot, env: { ...process.env, DATA_DIR: "/nonexistent", LOG_LEVEL: "silent" } },
  ).catch((error: { code: number; stderr: string }) => error);
  if (!("code" in outcome)) throw new Error("the command succeeded");
  return outcome;
}

// Refused before the command reads its settings, so it opens no database (see database-free.ts).
describe("npm run create-admin", () => {
  it("explains bad arguments and exits non-zero", async () => {
    const failure = await refused(["--email", "not-an-email", "--password", "x"]);
    expect(failure).toMatchObject({ code: 2 });
    expect(failure.stderr).toContain("--email");
  }, 30_000);
});

describe("create-admin password errors", () => {
  it("names every rule a weak password fails and how to pass one", async () => {
    const failure = await refused(["--email", "chief@example.org", "--password", "short"]);
    expect(failure.code).toBe(2);
    expect(failure.stderr).toContain("at least 8 characters (it has 5)");
    expect(failure.stderr).toContain("a number");
    expect(failure.stderr).toContain("an uppercase letter");
    expect(failure.stderr).not.toContain("a lowercase letter");
    expect(failure.stderr).toContain("npm run create-admin -- --email you@example.org --password 'Long-enough-1'");
  }, 30_000);

  it("names only the rule that failed", async () => {
    const failure = await refused(["--email", "chief@example.org", "--password", "all-lowercase-1"]);
    expect(failure.stderr).toContain("it needs an uppercase letter");
    expect(failure.stderr).not.toContain("a number");
    expect(failure.stderr).not.toContain("characters (it has");
  }, 30_000);

  it("says when no password was given", async () => {
    const failure = await refused(["--email", "chief@example.org"]);
    expect(failure.code).toBe(2);
    expect(failure.stderr).toContain("no password was given (--password)");
    expect(failure.stderr).toContain("after `--`");
  }, 30_000);
});
