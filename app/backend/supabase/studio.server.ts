// The content studio on Supabase (docs/decisions/0015), with the service-role client (callers have checked the admin
// guard). Every change is ONE call of a SQL function (supabase/migrations/20261124000000_push_content_studio.sql):
// the version check, the write, the kept versions, the pruning and the check for files left behind run in one
// transaction, as the D1 adapter's batch does (d1/studio.server.ts; the same semantics, held to the same contract by
// tests/port-contract/studio-suite.ts).
import type { SupabaseClient } from "@supabase/supabase-js";
import { filesOf, VERSIONS_KEPT, type ContentVersion, type FieldsOf, type FileRef, type StudioRecord } from "~/domain/studio";
import type { StudioStore } from "~/backend/port.server";
import { columnsOf, fieldsOf, filesOfSnapshots, TABLE_OF, uniqueFiles, versionedOf } from "~/backend/rows/content.server";
import { check } from "./clients.server";

type Row = Record<string, unknown> & { id: number; version: number };
type VersionRow = { version: number; snapshot: unknown; saved_by: string | null; saved_at: string };

/** public.push_save_content's answer. */
type SaveAnswer = { ok: true; version: number; pruned: unknown[]; unreferenced: string[] } | { ok: false; current: Row | null };
/** public.push_remove_service's answer. */
type RemoveAnswer = { ok: true; row: Row; versions: unknown[]; unreferenced: string[] } | { ok: false };

/** Of the files a change released (in that order, once each), those the database found nothing refers to any more. */
function orphansAmong(released: FileRef[], unreferenced: string[]): FileRef[] {
  const gone = new Set(unreferenced);
  return uniqueFiles(released).filter((ref) => gone.has(ref.file));
}

export function supabaseStudioStore(service: SupabaseClient): StudioStore {
  const first = async (table: "company" | "about") => check<Row[]>(await service.from(table).select("*").order("id").limit(1))[0] ?? null;

  return {
    async company() {
      const row = await first("company");
      return row ? versionedOf("company", row) : null;
    },

    async about() {
      const row = await first("about");
      return row ? versionedOf("about", row) : null;
    },

    async services() {
      const rows = check<Row[]>(await service.from("services").select("*").order("position").order("id"));
      return rows.map((row) => versionedOf("service", row));
    },

    async save(record, id, fields, basedOn, by) {
      // The state the save replaces: refused here already when it has moved on; otherwise its fields go to the
      // function, which keeps them as version `basedOn` (if that has no version row yet) only if the write happens,
      // i.e. only if the record still is that state.
      const before = check<Row[]>(await service.from(TABLE_OF[record]).select("*").eq("id", id))[0];
      if (!before) return { ok: false, reason: "not-found" };
      if (before.version !== basedOn) return { ok: false, reason: "conflict", current: versionedOf(record, before) };

      const beforeFields = fieldsOf(record, before);
      const answer = check<SaveAnswer>(
        await service.rpc("push_save_content", {
          p_record: record,
          p_id: id,
          p_columns: columnsOf(record, fields),
          p_based_on: basedOn,
          p_snapshot: fields,
          p_before: beforeFields,
          p_by: by,
        }),
      );
      if (!answer.ok) {
        // Saved by someone else (or removed) between the read and the call: their save stands.
        return answer.current ? { ok: false, reason: "conflict", current: versionedOf(record, answer.current) } : { ok: false, reason: "not-found" };
      }
      const released = [...filesOf(record, beforeFields), ...filesOfSnapshots(record, answer.pruned)];
      return { ok: true, version: answer.version, orphans: orphansAmong(released, answer.unreferenced) };
    },

    async createService(fields, by) {
      const id = check<number>(await service.rpc("push_create_service", { p_columns: columnsOf("service", fields), p_snapshot: fields, p_by: by }));
      return { id: Number(id) };
    },

    async removeService(id) {
      const answer = check<RemoveAnswer>(await service.rpc("push_remove_service", { p_id: id }));
      if (!answer.ok) return { ok: false, reason: "not-found" };
      const released = [...filesOf("service", fieldsOf("service", answer.row)), ...filesOfSnapshots("service", answer.versions)];
      return { ok: true, title: String(answer.row.title), orphans: orphansAmong(released, answer.unreferenced) };
    },

    async moveService(id, direction) {
      return check<boolean>(await service.rpc("push_move_service", { p_id: id, p_direction: direction }));
    },

    async history<R extends StudioRecord>(record: R, id: number): Promise<ContentVersion<FieldsOf<R>>[]> {
      const rows = check<VersionRow[]>(
        await service
          .from("content_versions")
          .select("version,snapshot,saved_by,saved_at")
          .eq("record", record)
          .eq("record_id", id)
          .order("version", { ascending: false })
          .limit(VERSIONS_KEPT),
      );
      // saved_at as D1 writes it (ISO 8601 in UTC with milliseconds), not Postgres's "+00:00" form.
      return rows.map((row) => ({
        version: row.version,
        savedBy: row.saved_by,
        savedAt: new Date(row.saved_at).toISOString(),
        fields: row.snapshot as FieldsOf<R>,
      }));
    },
  };
}
