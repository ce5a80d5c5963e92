// Values of the rating form (surface-kinds.ts: "ratingScore", "ratingComment"; app/domain/ratings.ts ratingSchema):
// what the page's radio buttons and text area send, so the fuzzed field is the only bad one, and what the schema must
// refuse where a generic hostile value would not reach it (a score out of 1–5 or not whole, a comment past its limit).
import type { HostileSource } from "./files";
import type { Rng } from "./prng";
import type { FieldKind } from "./surface-kinds";
import { text, type Payload } from "./values";

export function plausibleRatingValue(kind: FieldKind, rng: Rng): string | null {
  if (kind === "ratingScore") return String(rng.int(1, 5));
  if (kind === "ratingComment") return rng.pick(["", "Clear and on time.", "Arrived late; the interpretation was good.", "ممتازة، شكرًا."]);
  return null;
}

const SCORES = ["0", "6", "-1", "2.5", "4e0", "٤", " 4", "4 ", "05", "1e9", "NaN", "Infinity", "", "4,5"];

/** A hostile value aimed at the form's own checks, or null for a generic one (payloads.ts). */
export function ratingHostile(kind: FieldKind, source: HostileSource): Payload | null {
  const { rng } = source;
  if (kind === "ratingScore" && rng.chance(0.7)) return { value: text(rng.pick(SCORES)), label: "score" };
  if (kind === "ratingComment" && rng.chance(0.3)) return { value: text("x".repeat(rng.pick([1000, 1001, 4000]))), label: "comment length" };
  return null;
}
