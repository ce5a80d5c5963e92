// The call log's function (supabase/migrations/20261129000200_push_call_log_totals.sql), as the double runs it: the
// totals over every logged call the filter matches, counted as Postgres counts them (the median as percentile_cont).
import type { DoubleState } from "./state";

type Args = Record<string, unknown>;
const ms = (value: unknown) => Date.parse(String(value));

export const CALL_FUNCTIONS: Record<string, (state: DoubleState, args: Args) => unknown> = {
  push_call_log_totals(state, args) {
    const from = args.p_from as number | null;
    const to = args.p_to as number | null;
    const rows = state.tables.call_log.filter(
      (row) =>
        (from === null || ms(row.requested_at) >= from) &&
        (to === null || ms(row.requested_at) < to) &&
        (args.p_language_id === null || row.language_id === args.p_language_id) &&
        (args.p_interpreter_id === null || row.interpreter_id === args.p_interpreter_id),
    );
    const answered = rows.filter((row) => row.outcome === "answered");
    const waits = answered.map((row) => ms(row.answered_at) - ms(row.requested_at)).sort((a, b) => a - b);
    const middle = (waits.length - 1) / 2;
    const median = waits.length === 0 ? null : (waits[Math.floor(middle)]! + waits[Math.ceil(middle)]!) / 2;
    return {
      calls: rows.length,
      answered: answered.length,
      talk_ms: answered.reduce((sum, row) => sum + ms(row.ended_at) - ms(row.answered_at), 0),
      median_wait_ms: median,
    };
  },
};
