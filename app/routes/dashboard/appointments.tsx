// /Dashboard/Appointments (admins, issue 25): the week calendar (a column a day; on a phone a day-by-day agenda) and
// the list with its filters — dates, status, language, interpreter, mode — and pages, all in the URL.
import { Form, Link } from "react-router";
import { Panel } from "~/components/Panel";
import { Pagination } from "~/components/Pagination";
import { Field, languageOptions, SelectField } from "~/components/forms";
import { APPOINTMENT_MODES, APPOINTMENT_STATUSES } from "~/domain/appointments";
import { CALENDAR_LIMIT, shiftWeek } from "~/domain/appointment-lists";
import { AppointmentTable } from "~/features/appointments/AppointmentTable";
import { WeekCalendar } from "~/features/appointments/WeekCalendar";
import { readAppointments } from "~/features/appointments/staff-appointments.server";
import { PersonField } from "~/features/people/PersonField";
import { format, formatDate, plural } from "~/i18n";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { messagesFor, useLocale, useMessages } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import { requireAdmin } from "~/request/guards.server";
import { failureToasts } from "~/request/page-loads.server";
import type { Route } from "./+types/appointments";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.dashboard.appointments);

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const { backend } = appContext(args.context);
  const t = messagesFor(admin.locale);
  const now = Date.now();
  const read = await readAppointments(backend, args.url, t, now);
  return {
    ...read,
    languages: read.languages.ok ? read.languages.value : [],
    now,
    toasts: failureToasts(t, read.page, read.calendar, read.languages),
  };
}

/** The calendar `weeks` weeks away, for the same interpreter. */
function weekHref(search: URLSearchParams, monday: string, weeks: number) {
  const next = new URLSearchParams(search);
  next.set("week", shiftWeek(monday, weeks));
  return `?${next}#week`;
}

export default function Appointments({ loaderData }: Route.ComponentProps) {
  const t = useMessages();
  const a = t.appointments;
  const locale = useLocale();
  const { query, typed, personError, week, languages, suggestions, now } = loaderData;
  const page = loaderData.page.ok ? loaderData.page.value : null;
  const calendar = loaderData.calendar.ok ? loaderData.calendar.value : null;
  const filtered = Boolean(query.from || query.to || query.status || query.languageId || query.mode || typed);
  const search = new URLSearchParams();
  if (typed) search.set("interpreter", typed);

  return (
    <>
      <h1>{t.dashboard.appointments}</h1>
      <p>{a.intro}</p>
      <p>
        <Link to="/Dashboard/Appointments/New" className="button">
          {a.newBooking.link}
        </Link>
      </p>
      <Panel id="week" heading={format(a.calendar.heading, { date: formatDate(locale, week.monday, { dateStyle: "long" }) })}>
        <nav className="week__nav" aria-label={a.calendar.thisWeek}>
          <Link to={weekHref(search, week.monday, -1)}>{a.calendar.previous}</Link>
          <Link to={typed ? `?interpreter=${encodeURIComponent(typed)}#week` : "?#week"}>{a.calendar.thisWeek}</Link>
          <Link to={weekHref(search, week.monday, 1)}>{a.calendar.next}</Link>
        </nav>
        {calendar && calendar.length >= CALENDAR_LIMIT && <p className="form-alert">{a.calendar.more}</p>}
        {calendar && <WeekCalendar days={week.days} appointments={calendar} now={now} labelledBy="week" />}
      </Panel>
      <Panel id="appointments-list" heading={a.list.heading} meta={page && plural(locale, a.list.count, page.total)}>
        <Form method="get" role="search" aria-label={a.list.filters} className="filters">
          <Field id="appointments-from" label={a.list.from} name="from" type="date" defaultValue={query.from ?? ""} />
          <Field id="appointments-to" label={a.list.to} name="to" type="date" defaultValue={query.to ?? ""} />
          <SelectField
            id="appointments-status"
            label={a.list.status}
            name="status"
            placeholder={a.list.anyStatus}
            options={APPOINTMENT_STATUSES.map((status) => ({ value: status, label: a.statuses[status] }))}
            defaultValue={query.status ?? ""}
          />
          <SelectField
            id="appointments-language"
            label={a.list.language}
            name="language"
            placeholder={a.list.anyLanguage}
            options={languageOptions(languages)}
            defaultValue={query.languageId ? String(query.languageId) : ""}
          />
          <SelectField
            id="appointments-mode"
            label={a.list.mode}
            name="mode"
            placeholder={a.list.anyMode}
            options={APPOINTMENT_MODES.map((mode) => ({ value: mode, label: t.book.modes[mode] }))}
            defaultValue={query.mode ?? ""}
          />
          <PersonField
            id="appointments-interpreter"
            label={a.list.interpreter}
            name="interpreter"
            defaultValue={typed}
            suggestions={suggestions}
            error={personError ?? undefined}
          />
          <div className="filters__actions">
            <button type="submit" className="button button--small">
              {a.list.apply}
            </button>
            {filtered && (
              <Link to="?" className="search-form__clear">
                {a.list.clear}
              </Link>
            )}
          </div>
        </Form>
        {page && page.items.length === 0 ? (
          <p className="empty-state">{filtered ? a.list.noMatches : a.list.empty}</p>
        ) : (
          page && (
            <>
              <AppointmentTable rows={page.items} labelledBy="appointments-list" now={now} />
              <Pagination page={page.page} pageCount={page.pageCount} anchor="appointments-list" />
            </>
          )
        )}
      </Panel>
    </>
  );
}
