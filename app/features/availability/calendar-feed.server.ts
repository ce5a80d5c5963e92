// An interpreter's private calendar subscription (issue 25): made on Profile (the URL shown once, in the answer to the
// post; only its token's SHA-256 is kept), stopped there, and served at /calendar/<token>/appointments.ics to whoever
// holds the URL — a calendar app, which sends no cookie. A stopped or replaced link answers 404.
import { data, redirect } from "react-router";
import { newStatusToken, statusTokenHash } from "~/features/orders/status-token.server";
import { formFailure } from "~/request/action-result.server";
import type { IntentInput } from "~/request/intents.server";
import type { RequestContext } from "~/request/context.server";
import { redirectWithToast } from "~/request/toast.server";

/** How far back the feed reaches: a calendar keeps the last month's appointments. */
const FEED_HISTORY_MS = 31 * 24 * 3_600_000;

export const calendarFeedPath = (token: string) => `/calendar/${token}/appointments.ics`;

/** What a post that made a link answers: the URL, this once. */
export type IssuedFeed = { calendarUrl: string };

export async function issueCalendarFeed({ app, user, url }: IntentInput) {
  const { token, hash } = await newStatusToken();
  if (!(await app.backend.calendarFeeds.issue(user.id, hash, Date.now()))) throw redirect("/Dashboard/Profile");
  // Not a redirect: the URL is in this answer only, never stored, never in a later page.
  return data<IssuedFeed>({ calendarUrl: `${url.origin}${calendarFeedPath(token)}` }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function revokeCalendarFeed({ app, user, messages, request }: IntentInput) {
  const t = messages.availability.calendar;
  if (!(await app.backend.calendarFeeds.revoke(user.id))) return formFailure({ formError: t.noneToStop, intent: "revoke-calendar" }, { status: 404 });
  return redirectWithToast("/Dashboard/Profile#calendar", { type: "success", message: t.stopped }, { request, config: app.config });
}

/** The feed's owner and what it lists; a 404 for a token that opens no feed. */
export async function feedOfToken(app: RequestContext, token: string | undefined) {
  const hash = await statusTokenHash(token ?? "");
  const owner = hash ? await app.backend.calendarFeeds.ownerOf(hash) : null;
  if (!owner) throw data(null, { status: 404 });
  return app.backend.calendarFeeds.appointments(owner, Date.now() - FEED_HISTORY_MS);
}
