// PostgREST's /rpc/<function> for the content studio's SQL functions
// (supabase/migrations/20261124000000_push_content_studio.sql), the same steps over the double's in-memory tables:
// push_save_content, push_create_service, push_remove_service and push_move_service. Each runs all or nothing, as the
// function runs in one transaction: the tables it touches are put back when it fails. Their answers are the
// functions' JSON as PostgREST sends a scalar result (the value itself); their errors are Postgres's (22023 → 400).
// The orders' functions (supabase/migrations/20261126000000_push_orders.sql) are in rpc-orders.ts, the appointments'
// (20261202000000_push_appointments.sql) in rpc-appointments.ts, the availability's (20261203000000_push_availability.sql)
// in rpc-availability.ts, the offers' (20261203000100_push_appointment_offers.sql) in rpc-offers.ts, the reminders'
// (20261203000200_push_appointment_reminders.sql) in rpc-reminders.ts, the calendar feeds'
// (20261203000300_push_calendar_feeds.sql) in rpc-calendar-feeds.ts, the appointment records'
// (20261203000400_push_appointment_records.sql) in rpc-records.ts, the rate cards' (20261204000000_push_rate_lines.sql)
// in rpc-rates.ts, the invoices' (20261204000100_push_invoices.sql) in rpc-invoices.ts, billing's reads
// (20261204000200_push_billing_reads.sql) in rpc-billing-reads.ts, interpreters' pay's
// (20261205000600_push_pay_statements.sql) in rpc-pay.ts, ratings' (20261205001400_push_ratings.sql) in rpc-ratings.ts,
// the customer portal's (20261205001200_push_customer_portal.sql) in rpc-portal.ts, run the same way.
import { pgErrorResponse, type DoubleResponse } from "./postgrest";
import { APPOINTMENT_FUNCTIONS } from "./rpc-appointments";
import { APPOINTMENT_CHANGE_FUNCTIONS } from "./rpc-appointment-changes";
import { AVAILABILITY_FUNCTIONS } from "./rpc-availability";
import { BILLING_READ_FUNCTIONS } from "./rpc-billing-reads";
import { CALENDAR_FEED_FUNCTIONS } from "./rpc-calendar-feeds";
import { CUSTOMER_ACCOUNT_FUNCTIONS } from "./rpc-customer-accounts";
import { CUSTOMER_CLAIM_FUNCTIONS } from "./rpc-customer-claims";
import { INVOICE_FUNCTIONS } from "./rpc-invoices";
import { REPORT_FUNCTIONS } from "./rpc-reports";
import { PAY_FUNCTIONS } from "./rpc-pay";
import { RATING_FUNCTIONS } from "./rpc-ratings";
import { PORTAL_FUNCTIONS } from "./rpc-portal";
import { PREFERENCE_FUNCTIONS } from "./rpc-preferences";
import { OFFER_FUNCTIONS } from "./rpc-offers";
import { PEOPLE_FUNCTIONS } from "./rpc-people";
import { RATE_FUNCTIONS } from "./rpc-rates";
import { RECORD_FUNCTIONS } from "./rpc-records";
import { REMINDER_FUNCTIONS } from "./rpc-reminders";
import { CALL_FUNCTIONS } from "./rpc-calls";
import { ORDER_FUNCTIONS } from "./rpc-orders";
import { jsonValue, PgError, SCHEMA, type Row, type TableName } from "./schema";
import type { DoubleState } from "./state";

type Args = Record<string, unknown>;
type StudioRecord = "company" | "about" | "service";

/** private.push_content_columns: the columns a save writes, per record. */
const COLUMNS: Record<StudioRecord, readonly string[]> = {
  company: [
    "title",
    "description",
    "address",
    "email",
    "phone",
    "facebook",
    "instegram",
    "linkedin",
    "homecover",
    "homecover_alt",
    "homecover_width",
    "homecover_height",
    "contactcover",
    "contactcover_alt",
    "contactcover_width",
    "contactcover_height",
    "translations",
  ],
  about: [
    "description",
    "photoaurl",
    "photoa_alt",
    "photoa_width",
    "photoa_height",
    "photoburl",
    "photob_alt",
    "photob_width",
    "photob_height",
    "translations",
  ],
  service: ["title", "description", "photourl", "photo_alt", "photo_width", "photo_height", "translations", "offers_calls"],
};
const TABLE: Record<StudioRecord, TableName> = { company: "company", about: "about", service: "services" };
/** The SQL functions keep the newest 20 versions per record (a literal there, as here; domain/studio.ts VERSIONS_KEPT). */
const KEPT = 20;

export const RPC_FUNCTIONS = ["push_save_content", "push_create_service", "push_remove_service", "push_move_service"] as const;

const invalid = (message: string, details: string | null = null) => new PgError(400, "22023", message, details);

/** private.push_check_columns */
function checkColumns(record: unknown, columns: unknown): StudioRecord {
  const wanted = COLUMNS[record as StudioRecord];
  if (!wanted) throw invalid(`unknown content record ${String(record)}`);
  const keys = typeof columns === "object" && columns !== null && !Array.isArray(columns) ? Object.keys(columns).sort() : null;
  if (!keys || keys.join() !== [...wanted].sort().join()) {
    throw invalid(`a ${String(record)} save takes exactly the columns ${wanted.join(", ")}`, `got ${JSON.stringify(columns)}`);
  }
  return record as StudioRecord;
}

/** to_jsonb(row): every column, jsonb as JSON. */
function rowJson(table: TableName, row: Row): Record<string, unknown> {
  const columns = SCHEMA[table].columns;
  return Object.fromEntries(Object.keys(columns).map((name) => [name, jsonValue(columns[name], row[name])]));
}

/** private.push_snapshot_files: the `file` of every object at a snapshot's top level. */
function snapshotFiles(snapshot: unknown): string[] {
  if (typeof snapshot !== "object" || snapshot === null) return [];
  return Object.values(snapshot).flatMap((slot) =>
    typeof slot === "object" && slot !== null && !Array.isArray(slot) && typeof (slot as { file?: unknown }).file === "string"
      ? [(slot as { file: string }).file]
      : [],
  );
}

const snapshotOf = (row: Row) => JSON.parse(String(row.snapshot)) as unknown;

/** private.push_unreferenced: of these names, those no record and no kept version refers to (distinct, sorted). */
function unreferenced(state: DoubleState, files: (string | null | undefined)[]): string[] {
  const used = new Set<unknown>([
    ...state.tables.company.flatMap((row) => [row.homecover, row.contactcover]),
    ...state.tables.about.flatMap((row) => [row.photoaurl, row.photoburl]),
    ...state.tables.services.map((row) => row.photourl),
    ...state.tables.content_versions.flatMap((row) => snapshotFiles(snapshotOf(row))),
  ]);
  return [...new Set(files.filter((file): file is string => typeof file === "string" && !used.has(file)))].sort();
}

/** INSERT … ON CONFLICT (record, record_id, version) DO NOTHING */
function keepVersion(state: DoubleState, record: StudioRecord, id: number, version: number, snapshot: unknown, by: string | null) {
  const exists = state.tables.content_versions.some((row) => row.record === record && row.record_id === id && row.version === version);
  if (!exists) state.write("content_versions", "insert", [{ record, record_id: id, version, snapshot, saved_by: by }]);
}

/** The services in the public order (position ascending, NULL last, then id). */
function serviceOrder(state: DoubleState): number[] {
  return [...state.tables.services]
    .sort((a, b) => {
      const [x, y] = [a.position as number | null, b.position as number | null];
      if (x !== y) return x === null ? 1 : y === null ? -1 : x - y;
      return (a.id as number) - (b.id as number);
    })
    .map((row) => row.id as number);
}

/** Positions 1..n in this order, writing only the rows whose position changes. */
function renumber(state: DoubleState, ids: number[]) {
  const changed = ids.flatMap((id, index) => {
    const row = state.tables.services.find((service) => service.id === id)!;
    return row.position === index + 1 ? [] : [{ ...row, position: index + 1 }];
  });
  if (changed.length) state.write("services", "update", changed);
}

const FUNCTIONS: Record<(typeof RPC_FUNCTIONS)[number], (state: DoubleState, args: Args) => unknown> = {
  push_save_content(state, args) {
    const record = checkColumns(args.p_record, args.p_columns);
    const table = TABLE[record];
    const id = args.p_id as number;
    const basedOn = args.p_based_on as number;
    const row = state.tables[table].find((item) => item.id === id);
    // 1. The conditional write.
    if (!row || row.version !== basedOn) return { ok: false, current: row ? rowJson(table, row) : null };
    state.write(table, "update", [{ ...row, ...(args.p_columns as Row), version: basedOn + 1 }]);
    // 2. The replaced state (if it has no version row yet) and the new one.
    keepVersion(state, record, id, basedOn, args.p_before, null);
    keepVersion(state, record, id, basedOn + 1, args.p_snapshot, args.p_by as string);
    // 3. Versions beyond the newest 20.
    const versions = state.tables.content_versions.filter((item) => item.record === record && item.record_id === id);
    const kept = new Set(
      versions
        .map((item) => item.version as number)
        .sort((a, b) => b - a)
        .slice(0, KEPT),
    );
    const dropped = state.deleteWhere("content_versions", (item) => item.record === record && item.record_id === id && !kept.has(item.version as number));
    const pruned = dropped.map(snapshotOf);
    // 4. The files nothing refers to any more.
    const files = [...snapshotFiles(args.p_before), ...pruned.flatMap(snapshotFiles)];
    return { ok: true, version: basedOn + 1, pruned, unreferenced: unreferenced(state, files) };
  },

  push_create_service(state, args) {
    checkColumns("service", args.p_columns);
    renumber(state, serviceOrder(state));
    const last = Math.max(0, ...state.tables.services.map((row) => (row.position as number | null) ?? 0));
    const [created] = state.write("services", "insert", [{ ...(args.p_columns as Row), position: last + 1, version: 1 }]);
    const id = created!.id as number;
    keepVersion(state, "service", id, 1, args.p_snapshot, args.p_by as string);
    return id;
  },

  push_remove_service(state, args) {
    const [removed] = state.deleteWhere("services", (row) => row.id === args.p_id);
    if (!removed) return { ok: false };
    const versions = state.deleteWhere("content_versions", (row) => row.record === "service" && row.record_id === args.p_id).map(snapshotOf);
    const files = [removed.photourl as string | null, ...versions.flatMap(snapshotFiles)];
    return { ok: true, row: rowJson("services", removed), versions, unreferenced: unreferenced(state, files) };
  },

  push_move_service(state, args) {
    const direction = args.p_direction;
    if (direction !== "up" && direction !== "down") throw invalid(`direction must be up or down, not ${String(direction)}`);
    const ids = serviceOrder(state);
    const here = ids.indexOf(args.p_id as number);
    if (here < 0) return false;
    const there = direction === "up" ? here - 1 : here + 1;
    if (there < 0 || there >= ids.length) return false;
    [ids[here], ids[there]] = [ids[there]!, ids[here]!];
    renumber(state, ids);
    return true;
  },
};

/** POST /rest/v1/rpc/<name> with the arguments as a JSON object. */
export function handleRpc(state: DoubleState, name: string, body: unknown): DoubleResponse {
  const functions: Record<string, (state: DoubleState, args: Args) => unknown> = {
    ...FUNCTIONS,
    ...ORDER_FUNCTIONS,
    ...CALL_FUNCTIONS,
    ...PEOPLE_FUNCTIONS,
    ...APPOINTMENT_FUNCTIONS,
    ...APPOINTMENT_CHANGE_FUNCTIONS,
    ...AVAILABILITY_FUNCTIONS,
    ...OFFER_FUNCTIONS,
    ...REMINDER_FUNCTIONS,
    ...CALENDAR_FEED_FUNCTIONS,
    ...CUSTOMER_ACCOUNT_FUNCTIONS,
    ...CUSTOMER_CLAIM_FUNCTIONS,
    ...RECORD_FUNCTIONS,
    ...RATE_FUNCTIONS,
    ...INVOICE_FUNCTIONS,
    ...BILLING_READ_FUNCTIONS,
    ...REPORT_FUNCTIONS,
    ...PAY_FUNCTIONS,
    ...RATING_FUNCTIONS,
    ...PORTAL_FUNCTIONS,
    ...PREFERENCE_FUNCTIONS,
  };
  const run = Object.hasOwn(functions, name) ? functions[name] : undefined;
  if (!run) {
    return pgErrorResponse(new PgError(404, "PGRST202", `Could not find the function public.${name} in the schema cache`));
  }
  // One transaction: every table a function writes is put back if it fails half way.
  const saved = Object.fromEntries(Object.entries(state.tables).map(([table, rows]) => [table, [...rows]])) as DoubleState["tables"];
  try {
    const result = run(state, (body ?? {}) as Args);
    return { status: 200, headers: { "content-type": "application/json; charset=utf-8" }, body: JSON.stringify(result) };
  } catch (error) {
    state.tables = saved;
    if (error instanceof PgError) return pgErrorResponse(error);
    throw error;
  }
}
