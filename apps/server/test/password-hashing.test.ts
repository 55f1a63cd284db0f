import { describe, expect, test } from "vitest";
import { loadConfig } from "../src/config.js";
import { hashPassword, verifyPassword } from "../src/lib/password.js";

describe("password hashing", () => {
  test("every deployment hashes with argon2id at 19 MiB and 2 passes", async () => {
    for (const NODE_ENV of ["production", "development", "test"]) {
      const config = loadConfig({ NODE_ENV });
      const hashed = await hashPassword({ config }, "Correct-horse-9");
      expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(hashed, "Correct-horse-9")).toBe(true);
      expect(await verifyPassword(hashed, "Correct-horse-8")).toBe(false);
    }
  });

  test("the least cost is for tests only", () => {
    expect(() => loadConfig({ NODE_ENV: "production", PASSWORD_HASHING: "fast" })).toThrow(/PASSWORD_HASHING/);
    expect(() => loadConfig({ NODE_ENV: "development", PASSWORD_HASHING: "fast" })).toThrow(/PASSWORD_HASHING/);
    expect(loadConfig({ NODE_ENV: "test", PASSWORD_HASHING: "fast" }).passwordHashing).toEqual({
      memoryCost: 8,
      timeCost: 1,
    });
  });

  test("a hash carries its cost, so a cheap one verifies under the standard configuration", async () => {
    const cheap = await hashPassword({ config: loadConfig({ NODE_ENV: "test", PASSWORD_HASHING: "fast" }) }, "pw-1");
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await verifyPassword(cheap, "pw-1")).toBe(true);
  });
});
