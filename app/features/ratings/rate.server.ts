// The requester's rating page (issue 27, build item 4): the item of their organisation by the address's kind and id
// (404 for anything else: another organisation's item reads as none), and a posted rating checked with the shared
// schema before the store checks, in one statement, that the item took place and the rating is not fixed yet.
import { data } from "react-router";
import type { Backend } from "~/backend/port.server";
import type { CustomerUser } from "~/domain/auth";
import { isLocked, rateable, ratingSchema, targetOf, type RatingTarget, type RatingView } from "~/domain/ratings";
import type { Messages } from "~/i18n";
import { formFailure } from "~/request/action-result.server";
import { keptValues, parseFormData, readForm } from "~/request/forms.server";

/** What the page shows: the form (`open`), the rating alone (`locked`), or that it cannot be rated yet. */
export type RatingPageState = "open" | "locked" | "not-yet";

export function stateOf(view: RatingView, now: number): RatingPageState {
  if (view.rating && isLocked(view.rating, now)) return "locked";
  return rateable(view.item, now) ? "open" : "not-yet";
}

const notFound = () => data(null, { status: 404 });

/** The address's item, or a 404. */
export function targetOr404(params: { kind?: string; id?: string }): RatingTarget {
  const target = targetOf(params.kind, params.id);
  if (!target) throw notFound();
  return target;
}

/** The item of the requester's organisation with their rating, or a 404. */
export async function ratingPage(backend: Backend, user: CustomerUser, target: RatingTarget, now: number) {
  const view = await backend.ratings.ratingOf(user.organisationId, user.id, target);
  if (!view) throw notFound();
  return { view, state: stateOf(view, now) };
}

/**
 * A posted rating: null when it was saved, or the answer to send (400 with field messages, 409, or a thrown 404). The
 * item is looked up first, as the other pages of one record do: another organisation's is a 404 whatever was posted.
 */
export async function saveRating(backend: Backend, user: CustomerUser, target: RatingTarget, request: Request, t: Messages, now: number) {
  if (!(await backend.ratings.ratingOf(user.organisationId, user.id, target))) throw notFound();
  const form = await readForm(request);
  if (!form) return formFailure({ formError: t.ratings.form.scoreRequired }, { status: 400 });
  const parsed = parseFormData(form, ratingSchema(t));
  if (!parsed.ok) return formFailure({ errors: parsed.errors, values: parsed.values });
  const result = await backend.ratings.rate({
    ...{ orgId: user.organisationId, accountId: user.id, target },
    ...{ score: parsed.data.score, comment: parsed.data.comment, now },
  });
  if (result.ok) return null;
  if (result.reason === "not-found") throw notFound();
  const formError = result.reason === "locked" ? t.ratings.form.lockedError : t.ratings.form.notRateableError;
  return formFailure({ formError, values: keptValues(form) }, { status: 409 });
}
