-- The call log's totals over everything a filter matches (issue 23: the page once counted only the 1,000 calls it had
-- read, and said "Calls 1,000" for a year of 66,435). Calls, answered calls, minutes talked and the median wait of the
-- answered ones, in one statement over the requested_at index. The bounds are instants as epoch milliseconds (the
-- worker turns the company's calendar days into them, as for the page itself); null leaves a bound or filter out.
-- Safe to run again.
create or replace function public.push_call_log_totals(p_from bigint, p_to bigint, p_language_id bigint, p_interpreter_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'calls', pg_catalog.count(*),
    'answered', pg_catalog.count(*) filter (where l.outcome = 'answered'),
    'talk_ms', coalesce(pg_catalog.sum(extract(epoch from l.ended_at - l.answered_at) * 1000) filter (where l.outcome = 'answered'), 0)::bigint,
    'median_wait_ms', (pg_catalog.percentile_cont(0.5) within group (order by extract(epoch from l.answered_at - l.requested_at) * 1000)
                       filter (where l.outcome = 'answered')))
  from public.call_log l
  where (p_from is null or l.requested_at >= pg_catalog.to_timestamp(p_from / 1000.0))
    and (p_to is null or l.requested_at < pg_catalog.to_timestamp(p_to / 1000.0))
    and (p_language_id is null or l.language_id = p_language_id)
    and (p_interpreter_id is null or l.interpreter_id = p_interpreter_id);
$$;

-- Only the worker's service-role key may call it (as every push_* function).
revoke all on function public.push_call_log_totals(bigint, bigint, bigint, uuid) from public, anon, authenticated;
grant execute on function public.push_call_log_totals(bigint, bigint, bigint, uuid) to service_role;
