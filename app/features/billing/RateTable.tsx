// One side's rate lines (customer prices or interpreter pay) as a table: what work each prices, for whom, at what
// price and rules, from when, and whether it prices work today (app/domain/rate-status.ts). Read only: a line is never
// edited, a new price is a new line.
import type { ListedRateLine } from "~/backend/port-rates.server";
import { Cell, DataTable } from "~/components/DataTable";
import { formatAmount } from "~/domain/orders";
import { SURCHARGES, type Unit } from "~/domain/pricing";
import { quantity } from "~/domain/pricing-words";
import type { RateStatus } from "~/domain/rate-status";
import { format, formatDate, formatNumber, type Locale, type Messages } from "~/i18n";
import { useLocale, useMessages } from "~/platform/page/locale";

type Props = {
  side: ListedRateLine["side"];
  lines: ListedRateLine[];
  /** Each line's status, judged on the server among the whole card (app/features/billing/rates.server.ts). */
  statuses: Readonly<Record<number, RateStatus>>;
  languageNames: ReadonlyMap<number, string>;
  labelledBy: string;
};

/** A minimum or an increment: minutes as a duration, words or pages counted; a flat rate has neither. */
function measure(t: Messages, locale: Locale, unit: Unit, amount: number): string {
  if (unit === "flat") return t.billing.rates.notApplicable;
  const timed = unit === "hour" || unit === "minute";
  return quantity(t.billing.line, locale, unit, timed ? amount * 60 : amount);
}

function surchargesOf(t: Messages, locale: Locale, line: ListedRateLine): string {
  const r = t.billing.rates;
  const named = SURCHARGES.filter((kind) => line.surcharges[kind] > 0).map((kind) =>
    format(r.surchargeItem, {
      name: r.surchargeNames[kind],
      percent: format(t.billing.line.percent, { number: formatNumber(locale, line.surcharges[kind] / 100, { maximumFractionDigits: 2 }) }),
    }),
  );
  return named.length ? named.join(t.billing.line.rulesJoiner) : r.none;
}

function statusWords(t: Messages, locale: Locale, status: RateStatus | undefined): string {
  const words = t.billing.rates.status;
  if (status?.kind === "future") return format(words.from, { date: formatDate(locale, status.from) });
  return status?.kind === "replaced" ? words.replaced : words.inEffect;
}

export function RateTable({ side, lines, statuses, languageNames, labelledBy }: Props) {
  const t = useMessages();
  const locale = useLocale();
  const r = t.billing.rates;
  const c = r.columns;
  return (
    <DataTable
      labelledBy={labelledBy}
      className="rate-table"
      columns={[c.work, c.language, c.party[side], c.price, c.minimum, c.increment, c.surcharges, c.lateCancellation, c.effectiveFrom, c.status]}
    >
      {lines.map((line) => {
        const status = statuses[line.id];
        const party = side === "bill" ? (line.customerEmail ?? r.listPrice) : (line.interpreterName ?? r.defaultPay);
        const language = line.languageId === null ? r.anyLanguage : (languageNames.get(line.languageId) ?? r.anyLanguage);
        return (
          <tr key={line.id} id={`rate-${line.id}`} data-status={status?.kind}>
            <th scope="row">{format(r.work, { service: r.services[line.service], unit: r.units[line.unit] })}</th>
            <Cell label={c.language}>
              <bdi>{language}</bdi>
            </Cell>
            <Cell label={c.party[side]}>
              <bdi>{party}</bdi>
            </Cell>
            <Cell label={c.price}>{formatAmount(line.priceMinor, line.currency, locale)}</Cell>
            <Cell label={c.minimum}>{measure(t, locale, line.unit, line.minimum)}</Cell>
            <Cell label={c.increment}>{measure(t, locale, line.unit, line.increment)}</Cell>
            <Cell label={c.surcharges}>{surchargesOf(t, locale, line)}</Cell>
            <Cell label={c.lateCancellation}>{line.lateCancellationMinor > 0 ? formatAmount(line.lateCancellationMinor, line.currency, locale) : r.none}</Cell>
            <Cell label={c.effectiveFrom}>{formatDate(locale, line.effectiveFrom)}</Cell>
            <Cell label={c.status}>{statusWords(t, locale, status)}</Cell>
          </tr>
        );
      })}
    </DataTable>
  );
}
