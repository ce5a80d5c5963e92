// Status links (issue 13): each token is 256 random bits in 43 URL-safe characters, only its SHA-256 is stored, and
// anything shaped otherwise is refused before the database is asked.
import { describe, expect, it } from "vitest";
import { sha256Hex } from "~/platform/core/hash.server";
import { newStatusToken, statusTokenHash } from "~/features/orders/status-token.server";

describe("status tokens", () => {
  it("are 43 URL-safe characters, all different, stored as their SHA-256", async () => {
    const tokens = await Promise.all(Array.from({ length: 200 }, () => newStatusToken()));
    for (const { token, hash } of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(hash).toBe(await sha256Hex(token));
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(await statusTokenHash(token)).toBe(hash);
    }
    expect(new Set(tokens.map(({ token }) => token)).size).toBe(200);
    // Every character position varies (no fixed prefix, padding or counter); the last one carries the last 4 bits.
    const seen = (position: number) => new Set(tokens.map(({ token }) => token[position])).size;
    for (let position = 0; position < 42; position++) expect(seen(position), `position ${position}`).toBeGreaterThan(40);
    expect(seen(42)).toBeGreaterThan(10);
    expect(seen(42)).toBeLessThanOrEqual(16);
  });

  it("refuses what cannot be a token without hashing it", async () => {
    const { token } = await newStatusToken();
    for (const bad of ["", token.slice(1), `${token}A`, `${token.slice(0, 42)}=`, `${token.slice(0, 42)}/`, "../../etc/passwd", "a".repeat(1000)]) {
      expect(await statusTokenHash(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});
