// After-the-appointment records on Supabase (issue 25), with the service-role client (callers have checked who may
// act: the assigned interpreter records, staff approve). Every change and every read is ONE call of a SQL function
// (supabase/migrations/20261203000400_push_appointment_records.sql), so an approval completes the appointment and
// writes the record approved in one transaction, as the D1 adapter's batch does (d1/records.server.ts; the same
// semantics, held to the same contract by tests/port-contract/records-suite.ts).
import type { SupabaseClient } from "@supabase/supabase-js";
import { recordIdsToRead, type RecordStore } from "~/backend/port-records.server";
import { toRecord, type RecordRow } from "~/backend/rows/appointment-record.server";
import { int } from "~/backend/rows/order.server";
import type { AttendanceEntry } from "~/domain/appointment-records";
import { check } from "./clients.server";
import { UUID } from "./devices.server";

/** public.push_record_attendance's answer. */
type RecordAnswer = { ok: true } | { ok: false; reason: "not-found" | "not-started" | "approved" };
/** public.push_approve_attendance's answer. */
type ApproveAnswer = { ok: true; version: number | string } | { ok: false; reason: "stale" | "not-found" | "not-started" | "not-confirmed" };

/** A users row id the database could hold: anything else names nobody (Postgres would refuse it as a uuid). */
const isUserId = (id: string) => UUID.test(id);
/** The entry as the functions take it: instants in epoch ms, null for a no-show's times. */
const entryArguments = (entry: AttendanceEntry) => ({
  p_actual_start: entry.actualStart,
  p_actual_end: entry.actualEnd,
  p_travel_minutes: entry.travelMinutes,
  p_no_show: entry.noShow,
});

export function supabaseRecordStore(service: SupabaseClient): RecordStore {
  return {
    async record(appointmentId, interpreterId, entry, now) {
      // Not a users row's id: no appointment is assigned to it.
      if (!isUserId(interpreterId)) return { ok: false, reason: "not-found" };
      return check<RecordAnswer>(
        await service.rpc("push_record_attendance", {
          p_appointment_id: appointmentId,
          p_interpreter_id: interpreterId,
          ...entryArguments(entry),
          p_now: now,
        }),
      );
    },

    async approve(appointmentId, { basedOn, entry, by }, now) {
      const answer = check<ApproveAnswer>(
        await service.rpc("push_approve_attendance", {
          p_appointment_id: appointmentId,
          p_version: basedOn,
          ...entryArguments(entry),
          p_by: by,
          p_now: now,
        }),
      );
      return answer.ok ? { ok: true, version: int(answer.version) } : answer;
    },

    async of(appointmentId) {
      const row = check<RecordRow | null>(await service.rpc("push_appointment_record", { p_appointment_id: appointmentId }));
      return row ? toRecord(row) : null;
    },

    async ofMany(appointmentIds) {
      const ids = recordIdsToRead(appointmentIds);
      if (ids.length === 0) return [];
      return check<RecordRow[]>(await service.rpc("push_appointment_records", { p_appointment_ids: ids })).map(toRecord);
    },
  };
}
