// Rows of interpreters' pay (issue 26, build item 6; both databases answer the same columns: D1 its instants as epoch
// ms, Postgres as timestamptz text and bigints as strings), mapped once for both adapters.
import type { PayItem, PayStatementSummary, UnpaidAppointment, UnpaidCall, UnpaidOrder } from "~/backend/port-pay.server";
import type { Computation } from "~/domain/pricing";
import { toAppointmentWork, type AppointmentWorkRow } from "./billing.server";
import { instant, int, intOrNull } from "./order.server";

export type UnpaidAppointmentRow = AppointmentWorkRow & { interpreter_id: string };
export const toUnpaidAppointment = (row: UnpaidAppointmentRow): UnpaidAppointment => ({ ...toAppointmentWork(row), interpreterId: row.interpreter_id });

export type UnpaidCallRow = {
  id: string;
  interpreter_id: string;
  language_id: number | string | null;
  answered_at: number | string;
  ended_at: number | string;
};
export const toUnpaidCall = (row: UnpaidCallRow): UnpaidCall => ({
  id: row.id,
  interpreterId: row.interpreter_id,
  languageId: intOrNull(row.language_id),
  answeredAt: instant(row.answered_at),
  endedAt: instant(row.ended_at),
});

export type UnpaidOrderRow = {
  id: number | string;
  interpreter_id: string;
  language_id: number | string | null;
  created_at: number | string;
  deadline: string;
  done_at: number | string;
};
export const toUnpaidOrder = (row: UnpaidOrderRow): UnpaidOrder => ({
  id: int(row.id),
  interpreterId: row.interpreter_id,
  languageId: intOrNull(row.language_id),
  createdAt: instant(row.created_at),
  deadline: row.deadline,
  doneAt: instant(row.done_at),
});

export type PayItemRow = {
  id: number | string;
  source: string;
  interpreter_id: string;
  work_day: string;
  currency: string;
  amount_minor: number | string;
  rate_line_id: number | string | null;
  computation: Computation | string;
  created_at: number | string;
  paid_at: number | string | null;
};
export const toPayItem = (row: PayItemRow): PayItem => ({
  id: int(row.id),
  source: row.source,
  interpreterId: row.interpreter_id,
  workDay: row.work_day,
  currency: row.currency,
  amountMinor: int(row.amount_minor),
  rateLineId: intOrNull(row.rate_line_id),
  computation: typeof row.computation === "string" ? (JSON.parse(row.computation) as Computation) : row.computation,
  createdAt: instant(row.created_at),
  paidAt: row.paid_at === null ? null : instant(row.paid_at),
});

export type PayStatementRow = {
  interpreter_id: string;
  interpreter_name: string;
  interpreter_email: string;
  month: string;
  currency: string;
  item_count: number | string;
  total_minor: number | string;
  paid_minor: number | string;
  paid_at: number | string | null;
};
export const toPayStatementSummary = (row: PayStatementRow): PayStatementSummary => ({
  interpreterId: row.interpreter_id,
  interpreterName: row.interpreter_name,
  interpreterEmail: row.interpreter_email,
  month: row.month,
  currency: row.currency,
  itemCount: int(row.item_count),
  totalMinor: int(row.total_minor),
  paidMinor: int(row.paid_minor),
  paidAt: row.paid_at === null ? null : instant(row.paid_at),
});
