import { Cell, DataTable } from "~/components/DataTable";
import { useActionData } from "react-router";
import { ChangePasswordForm, SessionList } from "~/features/accounts/AccountSecurity";
import { UiLanguageForm } from "~/features/accounts/UiLanguageForm";
import { SET_LOCALE_INTENT } from "~/domain/accounts";
import { useFocusOnHash } from "~/platform/page/focus-on-hash";
import { Avatar } from "~/components/Avatar";
import { useActionToast } from "~/components/Toasts";
import { localeAttributes, specArabic } from "~/i18n";
import { failureToasts, load } from "~/request/page-loads.server";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { requireStaff } from "~/request/guards.server";
import { runIntent, type IntentInput } from "~/request/intents.server";
import type { formFailure } from "~/request/action-result.server";
import { ownAvailabilityIntents } from "~/features/availability/availability-actions.server";
import { issueCalendarFeed, revokeCalendarFeed, type IssuedFeed } from "~/features/availability/calendar-feed.server";
import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { CalendarFeedPanel } from "~/features/availability/CalendarFeedPanel";
import { CredentialsPanel, TimeOffPanel, WorkingHoursPanel } from "~/features/availability/AvailabilityPanels";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { wallClockOf } from "~/domain/zoned-time";
import { refuseOverLimit } from "~/request/public-form.server";
import { messagesFor, useMessages } from "~/platform/page/locale";
import type { Route } from "./+types/profile";
import { appContext } from "~/request/context.server";
import { changePassword, setUiLocale, signOutOthers } from "~/features/accounts/profile.server";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.dashboard.profile);

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  const backend = appContext(args.context).backend;
  const [languages, sessions, availability, calendarIssuedAt] = await Promise.all([
    load("the user's languages", () => backend.links.forUser(user.id)),
    load("the user's sessions", () => backend.auth.sessions()),
    load("the user's availability", () => backend.availability.of(user.id)),
    load("the user's calendar link", () => backend.calendarFeeds.issuedAt(user.id)),
  ]);
  const today = wallClockOf(Date.now(), COMPANY_TIME_ZONE).date;
  return {
    user,
    languages,
    sessions,
    availability,
    calendarIssuedAt,
    today,
    toasts: failureToasts(messagesFor(user.locale), languages, sessions, availability, calendarIssuedAt),
  };
}

/** The account's forms count against the account limit before anything is checked (no password past it). */
const limited =
  (handler: (input: IntentInput) => Promise<Response | FormResult>) =>
  async (input: IntentInput): Promise<Response | FormResult> =>
    (await refuseOverLimit(input.app.cloudflare.env.ACCOUNT_LIMITER, input.request, input.app, input.messages)) ?? handler(input);
type FormResult = ReturnType<typeof formFailure>;

export async function action(args: Route.ActionArgs) {
  const user = await requireStaff(args);
  return runIntent<Response | FormResult | DataWithResponseInit<IssuedFeed>>(
    { ...args, user },
    {
      "change-password": limited(changePassword),
      "sign-out-others": limited(signOutOthers),
      "set-locale": limited(setUiLocale),
      // One's own hours and time off (credentials are recorded by admins): a person without a users row has none.
      ...ownAvailabilityIntents({ userId: user.id, page: "/Dashboard/Profile" }),
      "issue-calendar": issueCalendarFeed,
      "revoke-calendar": revokeCalendarFeed,
    },
  );
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const t = useMessages();
  const f = t.dashboard.fields;
  const { user, languages, sessions, availability, calendarIssuedAt, today } = loaderData;
  const answer = useActionData<typeof action>() ?? null;
  // A post that made a calendar link answers the link (shown once); every other answer is a form's failure.
  const issuedUrl = answer && "calendarUrl" in answer ? answer.calendarUrl : null;
  const failure = answer && "calendarUrl" in answer ? null : answer;
  useActionToast(failure?.toast);
  useFocusOnHash();
  const security = (
    <>
      <UiLanguageForm current={user.locale} failure={failure?.intent === SET_LOCALE_INTENT ? failure : null} />
      <ChangePasswordForm failure={failure?.intent === "change-password" || !failure?.intent ? failure : null} />
      <SessionList sessions={sessions.ok ? sessions.value : []} />
    </>
  );
  const profile = user.profile;

  if (!profile) {
    return (
      <>
        <p className="empty-state" {...localeAttributes.ar}>
          {specArabic.dashboard.noUserData}
        </p>
        {security}
      </>
    );
  }
  const list = languages.ok ? languages.value : [];
  return (
    <>
      <h1>{t.dashboard.profileHeading}</h1>
      <section className="profile-card" aria-labelledby="profile-name">
        <Avatar userId={user.id} name={profile.fullName} size={72} />
        <div>
          <h2 id="profile-name">
            <bdi>{profile.fullName}</bdi>
          </h2>
          <dl className="profile-card__details">
            <dt>{f.email}</dt>
            <dd>
              <bdi dir="ltr">{profile.email}</bdi>
            </dd>
            <dt>{f.gender}</dt>
            <dd>{profile.gender ? <bdi>{profile.gender}</bdi> : "—"}</dd>
            <dt>{f.phone}</dt>
            <dd>{profile.phone ? <bdi dir="ltr">{profile.phone}</bdi> : "—"}</dd>
            <dt>{f.department}</dt>
            <dd>{profile.department || "—"}</dd>
          </dl>
        </div>
      </section>

      <h2 id="my-languages">{t.dashboard.languagesHeading}</h2>
      {languages.ok && list.length === 0 ? (
        <p className="empty-state" {...localeAttributes.ar}>
          {specArabic.dashboard.noLanguages}
        </p>
      ) : (
        <DataTable labelledBy="my-languages" columns={[t.dashboard.languageColumn]}>
          {list.map((language) => (
            <tr key={language.id}>
              <Cell label={t.dashboard.languageColumn}>
                <bdi>{language.name}</bdi>
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
      {availability.ok && availability.value && (
        <>
          <WorkingHoursPanel hours={availability.value.hours} failure={failure} />
          <TimeOffPanel timeOff={availability.value.timeOff} failure={failure} />
          <CredentialsPanel credentials={availability.value.credentials} today={today} editable={false} failure={null} />
          <CalendarFeedPanel
            issuedAt={calendarIssuedAt.ok ? calendarIssuedAt.value : null}
            issuedUrl={issuedUrl}
            failure={failure?.intent === "revoke-calendar" ? failure : null}
          />
        </>
      )}
      {security}
    </>
  );
}
