// /Dashboard/Calls — the call log (issue 14): administrators read every call, filtered by period, language and
// interpreter, with totals (calls, answer rate, median wait, talk time) and a CSV export; an interpreter their own.
import { Cell, DataTable } from "~/components/DataTable";
import { Form, Link, useLocation } from "react-router";
import { PersonField } from "~/features/people/PersonField";
import { Field, languageOptions, SelectField } from "~/components/forms";
import { OfficeTime } from "~/components/OfficeTime";
import { durations, type CallLogEntry } from "~/domain/call-log";
import { format, formatNumber } from "~/i18n";
import { readCallLog } from "~/features/calls/call-log.server";
import { appContext } from "~/request/context.server";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { requireStaff } from "~/request/guards.server";
import { messagesFor, useLocale, useMessages } from "~/platform/page/locale";
import { firstSuggestions, personFieldError } from "~/features/people/person-choice.server";
import { searchWith } from "~/platform/page/url-state";
import type { Route } from "./+types/call-log";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.dashboard.callLog.heading);

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  const { backend } = appContext(args.context);
  const isAdmin = user.role === "admin";
  // The log, and the filters' choices: every language (calls outlive links), and (for administrators) a person field
  // with its first suggestions — never a list of everyone.
  const [{ filter, unmatched, entries, totals, older }, languages, suggestions] = await Promise.all([
    readCallLog(backend, user, args.url),
    backend.languages.list(),
    isAdmin ? firstSuggestions(backend) : Promise.resolve([]),
  ]);
  const typed = isAdmin ? (args.url.searchParams.get("interpreter") ?? "").trim() : "";
  const personError = unmatched && !unmatched.ok ? personFieldError(messagesFor(user.locale), typed, unmatched) : null;
  return { entries, totals, older, filter, languages, suggestions, typed, personError, isAdmin };
}

export default function CallLog({ loaderData }: Route.ComponentProps) {
  const t = useMessages().dashboard.callLog;
  const locale = useLocale();
  const { search } = useLocation();
  const { entries, totals, older, filter, languages, suggestions, typed, personError, isAdmin } = loaderData;
  // Western digits in both languages, as everywhere (formatNumber; docs/decisions/0017).
  const number = (value: number) => formatNumber(locale, value);
  const seconds = (ms: number) => format(t.seconds, { count: number(Math.round(ms / 1000)) });
  return (
    <>
      <h1>{t.heading}</h1>
      <p>{isAdmin ? t.intro : t.introOwn}</p>
      <Form method="get" className="form form--inline call-log__filters" aria-label={t.filters}>
        <Field id="log-from" label={t.from} name="from" type="date" defaultValue={filter.from ?? ""} />
        <Field id="log-to" label={t.to} name="to" type="date" defaultValue={filter.to ?? ""} />
        <SelectField
          id="log-language"
          label={t.language}
          name="language"
          placeholder={t.anyLanguage}
          options={languageOptions(languages)}
          defaultValue={filter.languageId ? String(filter.languageId) : ""}
        />
        {isAdmin ? (
          <PersonField
            id="log-interpreter"
            label={t.interpreter}
            name="interpreter"
            hint={t.anyInterpreterHint}
            suggestions={suggestions}
            defaultValue={typed}
            error={personError ?? undefined}
          />
        ) : null}
        <div>
          <button type="submit" className="button">
            {t.show}
          </button>
        </div>
      </Form>
      <p>
        <Link to={`/Dashboard/Calls/export${search}`} reloadDocument>
          {t.csv}
        </Link>
      </p>
      <section className="panel" aria-labelledby="call-totals">
        <h2 id="call-totals">{t.totalsHeading}</h2>
        <dl className="call-log__totals">
          <div>
            <dt>{t.calls}</dt>
            <dd>{number(totals.calls)}</dd>
          </div>
          <div>
            <dt>{t.answerRate}</dt>
            <dd>{totals.answerRate === null ? t.noFigure : formatNumber(locale, totals.answerRate, { style: "percent" })}</dd>
          </div>
          <div>
            <dt>{t.medianWait}</dt>
            <dd>{totals.medianWaitMs === null ? t.noFigure : seconds(totals.medianWaitMs)}</dd>
          </div>
          <div>
            <dt>{t.talkTime}</dt>
            <dd>{format(t.minutes, { count: number(totals.talkMinutes) })}</dd>
          </div>
        </dl>
      </section>
      {entries.length === 0 ? <p>{t.none}</p> : <CallTable entries={entries} seconds={seconds} />}
      {(older || new URLSearchParams(search).has("before")) && (
        <nav className="pagination" aria-label={t.pages}>
          {new URLSearchParams(search).has("before") && <Link to={searchWith(search, { before: null })}>{t.newest}</Link>}
          {older && <Link to={searchWith(search, { before: older })}>{t.older}</Link>}
        </nav>
      )}
    </>
  );
}

function CallTable({ entries, seconds }: { entries: CallLogEntry[]; seconds: (ms: number) => string }) {
  const t = useMessages().dashboard.callLog;
  return (
    <DataTable
      labelledBy="call-log-table"
      caption={t.heading}
      captionId="call-log-table"
      columns={[t.requested, t.language, t.type, t.caller, t.interpreter, t.outcome, t.wait, t.talk]}
    >
      {entries.map((entry) => {
        const { waitMs, talkMs } = durations(entry);
        return (
          <tr key={entry.id}>
            <Cell label={t.requested}>
              <OfficeTime at={entry.requestedAt} />
            </Cell>
            <Cell label={t.language}>
              <bdi>{entry.language}</bdi>
            </Cell>
            <Cell label={t.type}>{t.types[entry.type]}</Cell>
            <Cell label={t.caller}>
              <bdi>{entry.callerName}</bdi>
            </Cell>
            <Cell label={t.interpreter}>{entry.interpreterName ? <bdi>{entry.interpreterName}</bdi> : t.noFigure}</Cell>
            <Cell label={t.outcome}>{t.outcomes[entry.outcome]}</Cell>
            <Cell label={t.wait}>{seconds(waitMs)}</Cell>
            <Cell label={t.talk}>{seconds(talkMs)}</Cell>
          </tr>
        );
      })}
    </DataTable>
  );
}
