import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DATABASE_FREE_TEST_FILES, ONE_DATABASE_TEST_FILES } from "./database-free.js";

const testDir = fileURLToPath(new URL(".", import.meta.url));

/** The test helpers that reach no database; every other helper does, or may start to. */
const HELPERS_WITHOUT_A_DATABASE = ["pdf-text", "summary-fixture", "zip"];

/** What a test file imports or calls to reach a database. */
const OPENS_A_DATABASE = [
  /createTestApp|startProviderApp|freshInstall|startServer|openDatabase|inject\(\s*["']database["']\s*\)/,
  new RegExp(`from\\s+["']\\./helpers/(?!(${HELPERS_WITHOUT_A_DATABASE.join("|")})\\.js["'])`),
  /from\s+["']\.\.\/src\/(app|db\/client|db\/schema\/index|runtime)\.js["']/,
];

describe("the test files that run on PGlite only", () => {
  it.each(DATABASE_FREE_TEST_FILES)("%s exists and opens no database", (name) => {
    const file = `${testDir}${name}`;
    expect(existsSync(file), `${name} is listed in database-free.ts but does not exist`).toBe(true);
    const text = readFileSync(file, "utf8");
    for (const pattern of OPENS_A_DATABASE) {
      expect(text, `${name} opens a database: it runs on both databases, not on PGlite only`).not.toMatch(pattern);
    }
  });
});

describe("the test files that run on one database", () => {
  it("are every route fuzz file, and only those", () => {
    const fuzzFiles = readdirSync(testDir).filter((name) => /^route-fuzz.*\.test\.ts$/.test(name));
    expect([...ONE_DATABASE_TEST_FILES].sort()).toEqual(fuzzFiles.sort());
  });
});
