import { describe, expect, it } from "vitest";
import { base32, groupedSecret, newTotpSecret, totpUri } from "./totp-secret";

describe("TOTP secrets", () => {
  it("encodes bytes as RFC 4648 base32", () => {
    expect(base32(new TextEncoder().encode("foobar"))).toBe("MZXW6YTBOI");
    expect(base32(new Uint8Array([]))).toBe("");
  });

  it("makes 32-character secrets the server accepts, different each time", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it("groups the secret by four for typing", () => {
    expect(groupedSecret("ABCDEFGHIJ")).toBe("ABCD EFGH IJ");
  });

  it("names the account by organisation and email in the app's address", () => {
    const uri = totpUri("ABCDEFGHIJKLMNOP", "Riverside News", "ada@example.org");
    expect(uri).toBe(
      "otpauth://totp/Riverside%20News%3Aada%40example.org?secret=ABCDEFGHIJKLMNOP&issuer=Riverside+News&algorithm=SHA1&digits=6&period=30",
    );
  });
});
