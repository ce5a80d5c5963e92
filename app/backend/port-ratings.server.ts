// Ratings (issue 27, build item 4; docs/decisions/0040): re-exported by port.server.ts. Every method a requester
// reaches takes their organisation's id and the adapter puts it in the statement (D1's SQL, Supabase's function), so an
// item of another organisation is `not-found` and never read. The staff reads name the organisation, never the rater.
import type { Paged } from "~/domain/paging";
import type { InterpreterRatings, RateInput, RateResult, RatingSummary, RatingTarget, RatingView, StaffRating } from "~/domain/ratings";

export type { InterpreterRatings, RateInput, RateResult, RatingSummary, RatingTarget, RatingView, StaffRating };

export interface RatingStore {
  /**
   * Gives or changes the requester's rating of an item of their organisation, in one statement that checks it:
   * `not-found` (another organisation's, or none), `not-rateable` (cancelled, without an interpreter, not over by `now`,
   * a call not answered), `locked` (first given RATING_EDIT_DAYS or more before `now`; nothing changes).
   */
  rate(input: RateInput): Promise<RateResult>;
  /** The item of the organisation with this requester's rating of it (or none); null when it is not the organisation's. */
  ratingOf(orgId: number, accountId: string, target: RatingTarget): Promise<RatingView | null>;
  /** Staff: the interpreter's average and count, and their latest LATEST_COMMENTS ratings with a comment. */
  forInterpreter(interpreterId: string): Promise<InterpreterRatings>;
  /** The interpreter's own figures: nothing about who rated. */
  ownAverage(interpreterId: string): Promise<RatingSummary>;
  /** Staff overview: ratings of LOW_SCORE or less, newest (last changed) first, LOW_RATINGS_PAGE_SIZE a page. */
  lowRatings(query: { page: number }): Promise<Paged<StaffRating>>;
}
