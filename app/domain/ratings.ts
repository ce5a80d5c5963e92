// Ratings (issue 27, build item 4; docs/decisions/0040): a requester rates an appointment or an answered call of their
// own organisation, 1 to 5 with an optional comment, once; they may change it for RATING_EDIT_DAYS after they first gave
// it, then it is fixed. Staff read each interpreter's average, count and latest comments, and the low ratings; an
// interpreter reads only their own average and count, never who rated.
import { z } from "zod";
import { format, localized } from "~/i18n";

export const RATING_KINDS = ["appointment", "call"] as const;
export type RatingKind = (typeof RATING_KINDS)[number];

export const MIN_SCORE = 1;
export const MAX_SCORE = 5;
export const SCORES = [1, 2, 3, 4, 5] as const;
/** A comment is a few sentences, not a letter. */
export const COMMENT_MAX = 1000;
export const RATING_EDIT_DAYS = 7;
export const RATING_EDIT_MS = RATING_EDIT_DAYS * 24 * 3_600_000;
/** What the staff overview flags: 2 or less. */
export const LOW_SCORE = 2;
/** How many of an interpreter's latest comments their page shows. */
export const LATEST_COMMENTS = 10;
export const LOW_RATINGS_PAGE_SIZE = 10;

/** What is rated. An appointment's id is a number; a call's is the switchboard's text id. */
export type RatingTarget = { kind: "appointment"; id: number } | { kind: "call"; id: string };

/** The item as the rating page sums it up. */
export type RatedItem = {
  kind: RatingKind;
  id: string;
  /** The appointment's start, or when the call was answered (asked, if never answered). */
  startsAt: number;
  endsAt: number;
  language: string;
  interpreterName: string | null;
  /** Not cancelled with an interpreter (appointment), answered (call): it can be rated once it has ended. */
  done: boolean;
};

export type Rating = { score: number; comment: string; createdAt: number; updatedAt: number };

/** The rating page's facts: the item and the rater's own rating of it, if any. */
export type RatingView = { item: RatedItem; rating: Rating | null };

export type RateInput = { orgId: number; accountId: string; target: RatingTarget; score: number; comment: string; now: number };
export type RateResult = { ok: true; rating: Rating } | { ok: false; reason: "not-found" | "not-rateable" | "locked" };

export type RatingSummary = { average: number | null; count: number };
/** One rating as staff read it: its figures, when, and which organisation gave it (never the person). */
export type StaffRating = {
  kind: RatingKind;
  score: number;
  comment: string;
  at: number;
  organisationName: string;
  interpreterId: string | null;
  interpreterName: string | null;
};
export type InterpreterRatings = RatingSummary & { latest: StaffRating[] };

/** It took place: done and over by `now`. */
export const rateable = (item: RatedItem, now: number) => item.done && item.endsAt <= now;

/** Changes are taken until this instant. */
export const editableUntil = (rating: Rating) => rating.createdAt + RATING_EDIT_MS;
export const isLocked = (rating: Rating, now: number) => now >= editableUntil(rating);

/** An average as shown: one decimal place. */
export const roundedAverage = (average: number | null) => (average === null ? null : Math.round(average * 10) / 10);

/** The address's target, or null when it names nothing that can be rated (a 404). */
export function targetOf(kind: string | undefined, id: string | undefined): RatingTarget | null {
  if (!id || id.length > 100) return null;
  if (kind === "appointment") return /^[1-9]\d{0,14}$/.test(id) && Number.isSafeInteger(Number(id)) ? { kind, id: Number(id) } : null;
  if (kind === "call") return /^[\w-]{1,100}$/.test(id) ? { kind, id } : null;
  return null;
}

/** The rating form's fields. */
export const ratingSchema = localized((t) => {
  const m = t.ratings.form;
  return z.object({
    score: z.preprocess(
      (value) => (typeof value === "string" ? value.trim() : value),
      z.coerce
        .number({ error: m.scoreRequired })
        .int({ error: m.scoreRequired })
        .min(MIN_SCORE, { error: m.scoreRequired })
        .max(MAX_SCORE, { error: m.scoreRequired }),
    ),
    comment: z.preprocess(
      (value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() : ""),
      z.string().max(COMMENT_MAX, { error: format(m.commentTooLong, { max: COMMENT_MAX }) }),
    ),
  });
});
