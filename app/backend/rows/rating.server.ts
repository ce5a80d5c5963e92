// Rows of ratings (issue 27, build item 4; both databases answer the same columns: D1 its instants as epoch ms,
// Postgres as timestamptz text and bigints as strings), mapped once for both adapters.
import type { RatedItem, Rating, RatingKind, StaffRating } from "~/domain/ratings";
import { instant, int } from "./order.server";

export type RatingRow = { score: number | string; comment: string; created_at: number | string; updated_at: number | string };
export const toRating = (row: RatingRow): Rating => ({
  score: int(row.score),
  comment: row.comment,
  createdAt: instant(row.created_at),
  updatedAt: instant(row.updated_at),
});

/** The item's columns as both databases name them (done: 1/0 on D1, a boolean on Postgres). */
export type RatedItemRow = {
  kind: RatingKind;
  id: number | string;
  starts_at: number | string;
  ends_at: number | string;
  language: string;
  interpreter_name: string | null;
  done: number | boolean;
};
export const toRatedItem = (row: RatedItemRow): RatedItem => ({
  kind: row.kind,
  id: String(row.id),
  startsAt: instant(row.starts_at),
  endsAt: instant(row.ends_at),
  language: row.language,
  interpreterName: row.interpreter_name,
  done: row.done === true || row.done === 1,
});

export type StaffRatingRow = {
  kind: RatingKind;
  score: number | string;
  comment: string;
  updated_at: number | string;
  organisation_name: string | null;
  interpreter_id: string | null;
  interpreter_name: string | null;
};
export const toStaffRating = (row: StaffRatingRow): StaffRating => ({
  kind: row.kind,
  score: int(row.score),
  comment: row.comment,
  at: instant(row.updated_at),
  organisationName: row.organisation_name ?? "",
  interpreterId: row.interpreter_id,
  interpreterName: row.interpreter_name,
});

/** avg() as a number (Postgres sends numeric as text), or null with no ratings. */
export const toSummary = (row: { average: number | string | null; count: number | string } | null) => ({
  average: row?.average === null || row?.average === undefined ? null : Number(row.average),
  count: row ? int(row.count) : 0,
});
