// Ratings on Supabase (issue 27, build item 4; supabase/migrations/20261205001400_push_ratings.sql; docs/decisions/0040),
// with the service-role client after the route's guard. Each method is ONE call of a SQL function that takes the
// organisation's id and checks it in the same statement (a requester's own token reads ratings only through RLS). The
// same semantics as d1/ratings.server.ts, held to the same contract by tests/port-contract/ratings-suite.ts.
import type { SupabaseClient } from "@supabase/supabase-js";
import type { RatingStore } from "~/backend/port-ratings.server";
import { toRatedItem, toRating, toStaffRating, toSummary, type RatedItemRow, type RatingRow, type StaffRatingRow } from "~/backend/rows/rating.server";
import { int } from "~/backend/rows/order.server";
import { pageCountOf } from "~/domain/paging";
import { LATEST_COMMENTS, LOW_RATINGS_PAGE_SIZE } from "~/domain/ratings";
import { check } from "./clients.server";
import { UUID } from "./devices.server";

type Num = number | string;
type Summary = { average: Num | null; count: Num };
type RateAnswer = { ok: true; rating: RatingRow } | { ok: false; reason: "not-found" | "not-rateable" | "locked" };
/** Accounts' and users' ids are UUIDs here: any other id names nobody, rather than failing the query. */
const isUuid = (id: string) => UUID.test(id);

export function supabaseRatingStore(service: SupabaseClient): RatingStore {
  return {
    async rate({ orgId, accountId, target, score, comment, now }) {
      if (!isUuid(accountId)) return { ok: false, reason: "not-found" };
      const answer = check<RateAnswer>(
        await service.rpc("push_rate", {
          ...{ p_org: orgId, p_rater: accountId, p_kind: target.kind, p_id: String(target.id) },
          ...{ p_score: score, p_comment: comment, p_now: now },
        }),
      );
      return answer.ok ? { ok: true, rating: toRating(answer.rating) } : answer;
    },

    async ratingOf(orgId, accountId, target) {
      if (!isUuid(accountId)) return null;
      const answer = check<{ item: RatedItemRow; rating: RatingRow | null } | null>(
        await service.rpc("push_rating_of", { p_org: orgId, p_rater: accountId, p_kind: target.kind, p_id: String(target.id) }),
      );
      return answer === null ? null : { item: toRatedItem(answer.item), rating: answer.rating === null ? null : toRating(answer.rating) };
    },

    async forInterpreter(interpreterId) {
      if (!isUuid(interpreterId)) return { average: null, count: 0, latest: [] };
      const answer = check<Summary & { latest: StaffRatingRow[] }>(
        await service.rpc("push_interpreter_ratings", { p_interpreter: interpreterId, p_limit: LATEST_COMMENTS }),
      );
      return { ...toSummary(answer), latest: answer.latest.map(toStaffRating) };
    },

    async ownAverage(interpreterId) {
      if (!isUuid(interpreterId)) return { average: null, count: 0 };
      return toSummary(check<Summary>(await service.rpc("push_own_rating", { p_interpreter: interpreterId })));
    },

    async lowRatings({ page }) {
      const answer = check<{ total: Num; items: StaffRatingRow[] }>(
        await service.rpc("push_low_ratings", { p_page_size: LOW_RATINGS_PAGE_SIZE, p_offset: (page - 1) * LOW_RATINGS_PAGE_SIZE }),
      );
      const total = int(answer.total);
      return { items: answer.items.map(toStaffRating), total, page, pageCount: pageCountOf(total, LOW_RATINGS_PAGE_SIZE) };
    },
  };
}
