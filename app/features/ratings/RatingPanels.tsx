// What staff and interpreters read of ratings (issue 27, build item 4): an interpreter's average, count and latest
// comments with the organisation that gave them (staff, on the interpreter's page); the ratings of 2 or less, linking
// to the interpreter (admins, on the overview); and the interpreter's own average and count, never who rated.
import { Link } from "react-router";
import { Cell, DataTable } from "~/components/DataTable";
import { OfficeTime } from "~/components/OfficeTime";
import { Panel } from "~/components/Panel";
import { roundedAverage, type InterpreterRatings, type RatingSummary, type StaffRating } from "~/domain/ratings";
import { format, formatNumber, plural, type Locale } from "~/i18n";
import { useLocale, useMessages } from "~/platform/page/locale";

/** "4.5 out of 5", the number in the page's language. */
const averageText = (locale: Locale, template: string, average: number | null) =>
  format(template, { average: formatNumber(locale, roundedAverage(average) ?? 0, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });

function Figures({ summary }: { summary: RatingSummary }) {
  const m = useMessages().ratings.staff;
  const locale = useLocale();
  if (summary.count === 0) return <p className="empty-state">{m.none}</p>;
  return (
    <p>
      <strong>{averageText(locale, m.outOf, summary.average)}</strong> · {plural(locale, m.count, summary.count)}
    </p>
  );
}

/** Staff: the interpreter's figures and latest comments. */
export function InterpreterRatingsPanel({ ratings }: { ratings: InterpreterRatings }) {
  const m = useMessages().ratings.staff;
  return (
    <Panel id="interpreter-ratings" heading={m.heading}>
      <Figures summary={ratings} />
      {ratings.count > 0 && (
        <>
          <h3>{m.latest}</h3>
          {ratings.latest.length === 0 ? <p className="empty-state">{m.noComments}</p> : <CommentList ratings={ratings.latest} />}
        </>
      )}
    </Panel>
  );
}

function CommentList({ ratings }: { ratings: StaffRating[] }) {
  const m = useMessages().ratings;
  const locale = useLocale();
  return (
    <ul className="rating-comments">
      {ratings.map((rating, index) => (
        <li key={`${rating.at}-${index}`}>
          <p>
            {plural(locale, m.form.score, rating.score)} · {m.staff.kinds[rating.kind]} · <bdi>{rating.organisationName}</bdi> · <OfficeTime at={rating.at} />
          </p>
          <blockquote>
            <bdi>{rating.comment}</bdi>
          </blockquote>
        </li>
      ))}
    </ul>
  );
}

/** Admins' overview: the latest ratings of 2 or less, each linking to the interpreter's page. */
export function LowRatingsPanel({ ratings }: { ratings: StaffRating[] }) {
  const m = useMessages().ratings.low;
  return (
    <Panel id="low-ratings" heading={m.heading}>
      <p>{m.intro}</p>
      {ratings.length === 0 ? (
        <p className="empty-state">{m.empty}</p>
      ) : (
        <DataTable columns={[m.interpreter, m.score, m.organisation, m.comment, m.date]} labelledBy="low-ratings">
          {ratings.map((rating, index) => (
            <tr key={`${rating.at}-${index}`}>
              <th scope="row">
                {rating.interpreterId ? (
                  <Link to={`/Dashboard/Interpreter/${rating.interpreterId}`}>
                    <bdi>{rating.interpreterName ?? m.unknownInterpreter}</bdi>
                  </Link>
                ) : (
                  m.unknownInterpreter
                )}
              </th>
              <Cell label={m.score}>{rating.score}</Cell>
              <Cell label={m.organisation}>
                <bdi>{rating.organisationName}</bdi>
              </Cell>
              <Cell label={m.comment}>
                <bdi>{rating.comment}</bdi>
              </Cell>
              <Cell label={m.date}>
                <OfficeTime at={rating.at} />
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
    </Panel>
  );
}

/** The interpreter's own figures on My jobs. */
export function OwnRatingPanel({ summary }: { summary: RatingSummary }) {
  const all = useMessages().ratings;
  const m = all.own;
  const locale = useLocale();
  return (
    <Panel id="own-ratings" heading={m.heading}>
      <p>{m.intro}</p>
      {summary.count === 0 ? (
        <p className="empty-state">{m.none}</p>
      ) : (
        <p>
          <strong>{averageText(locale, m.average, summary.average)}</strong> · {plural(locale, all.staff.count, summary.count)}
        </p>
      )}
    </Panel>
  );
}
