// The migrations themselves, on a new database: the shape they leave (row-level security on, exactly the intended
// policies, grants and indexes), and that they can run twice. On an existing project: migrations-upgrade.test.ts.
import { describe, expect, it } from "vitest";
import { applyMigrations, asSuperuser, createMigrated, fileDatabase, migrationFiles, type Db } from "./support/db";
import { TABLES } from "./support/fixtures";

/**
 * The worker's own tables (20261123000000_push_account_administration.sql, 20261124000000_push_content_studio.sql,
 * 20261126000000_push_orders.sql's mail_outbox, 20261203000300_push_calendar_feeds.sql, the invitations of
 * 20261205001000_push_customer_accounts.sql and the claims of 20261205001600_push_customer_claims.sql): no policy, no
 * API-role privilege.
 */
const WORKER_TABLES = ["calendar_feeds", "content_versions", "customer_claims", "customer_invitations", "mail_outbox", "security_events", "session_devices"];
/**
 * Quote requests and orders (20261126000000_push_orders.sql): policies choose what signed-in users read, anon holds
 * no privilege, and only the worker writes.
 */
const ORDER_TABLES = ["customers", "order_events", "order_files", "order_messages", "order_quotes", "order_targets", "orders"];
/** The call log (20261127000000_push_call_log.sql): as the orders' tables, a policy chooses the rows signed-in users read. */
const CALL_TABLES = ["call_log"];
/** Booked appointments (20261202000000_push_appointments.sql): as the orders' tables. */
const APPOINTMENT_TABLES = ["appointments"];
/** Offers of appointments and the unfilled flag (20261203000100_push_appointment_offers.sql): as the orders' tables. */
const OFFER_TABLES = ["appointment_offers", "unfilled_notices"];
/** Reminders of appointments (20261203000200_push_appointment_reminders.sql): as the orders' tables (admins read). */
const REMINDER_TABLES = ["appointment_reminders"];
/** After-the-appointment records (20261203000400_push_appointment_records.sql): as the orders' tables. */
const RECORD_TABLES = ["appointment_records"];
/** Rate cards (20261204000000_push_rate_lines.sql): as the orders' tables (admins read). */
const RATE_TABLES = ["rate_lines"];
/**
 * Invoices (20261204000100_push_invoices.sql), their private links (20261205000000_push_invoice_links.sql) and their
 * payments (20261205000100_push_invoice_payments.sql, and Stripe's events of them: 20261205000200_push_stripe_payments.sql):
 * as the orders' tables (admins read); so are their credit notes (20261205000700_push_credit_notes.sql).
 */
const INVOICE_TABLES = ["billable_items", "credit_note_counters", "credit_notes", "invoice_counters", "invoice_links", "invoice_payments", "invoices"];
/** Interpreters' pay (20261205000600_push_pay_statements.sql): as the orders' tables (admins all, interpreters their own). */
const PAY_TABLES = ["pay_items", "pay_payouts"];
/** Customer accounts (20261205001000_push_customer_accounts.sql): admins read all, a requester their organisation's. */
const CUSTOMER_ACCOUNT_TABLES = ["customer_people", "organisations"];
/** Ratings (20261205001400_push_ratings.sql): admins read all, a requester their organisation's, interpreters none. */
const RATING_TABLES = ["ratings"];
/**
 * Preferred and blocked interpreters (20261205001300_push_interpreter_preferences.sql): admins read all, a requester
 * their organisation's requests and preferred (not blocked) interpreters.
 */
const PREFERENCE_TABLES = ["interpreter_stances", "preference_requests"];
/** Tables signed-in users may only read (their policies choose the rows), anon not at all; the worker writes. */
const READ_ONLY_TABLES = [
  ...ORDER_TABLES,
  ...CALL_TABLES,
  ...APPOINTMENT_TABLES,
  ...OFFER_TABLES,
  ...REMINDER_TABLES,
  ...RECORD_TABLES,
  ...RATE_TABLES,
  ...INVOICE_TABLES,
  ...PAY_TABLES,
  ...CUSTOMER_ACCOUNT_TABLES,
  ...RATING_TABLES,
  ...PREFERENCE_TABLES,
];
/**
 * Interpreters' availability (20261203000000_push_availability.sql): signed-in users hold every privilege but TRUNCATE,
 * REFERENCES and TRIGGER and the policies choose the rows (an interpreter's own, an admin's all); anon holds none.
 */
const SIGNED_IN_TABLES = ["credentials", "time_off", "working_hours"];
/** Tables signed-in users read by column (below), not whole: their private links (and the orders' note) are the worker's. */
const BY_COLUMN_TABLES = ["appointments", "invoice_links", "orders"];

/** The first column of every row a catalogue query answers: the names it lists. */
const namesFrom = async (db: Db, sql: string) => (await asSuperuser(db, sql)).map((row) => Object.values(row)[0]);

describe("what the migrations leave", () => {
  const db = fileDatabase(createMigrated);

  it("are the files in supabase/migrations, applied in timestamp order", () => {
    const files = migrationFiles();
    expect(files[0]).toBe("20250321000000_push_schema.sql");
    expect(files).toEqual([...files].sort());
    for (const file of files) expect(file).toMatch(/^\d{14}_[a-z0-9_]+\.sql$/);
  });

  it("enable row-level security on every table", async () => {
    const rows = await asSuperuser(
      db,
      "select relname, relrowsecurity from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' order by relname",
    );
    expect(rows).toEqual([...TABLES, ...WORKER_TABLES, ...READ_ONLY_TABLES, ...SIGNED_IN_TABLES].sort().map((relname) => ({ relname, relrowsecurity: true })));
  });

  it("create exactly these policies", async () => {
    const rows = await asSuperuser(
      db,
      "select tablename, cmd, roles::text[] as roles, policyname, permissive from pg_policies where schemaname = 'public' order by tablename, cmd, policyname",
    );
    const everyone = ["anon", "authenticated"];
    const signedInOnly = ["authenticated"];
    const p = (tablename: string, cmd: string, roles: string[], policyname: string) => ({ tablename, cmd, roles, policyname, permissive: "PERMISSIVE" });
    expect(rows).toEqual([
      p("about", "SELECT", everyone, "about: anyone reads"),
      p("appointment_offers", "SELECT", signedInOnly, "appointment_offers: admins all, interpreters their own"),
      p("appointment_records", "SELECT", signedInOnly, "appointment_records: admins all, interpreters their assigned"),
      p("appointment_reminders", "SELECT", signedInOnly, "appointment_reminders: admins read"),
      p("appointments", "SELECT", signedInOnly, "appointments: admins all, interpreters their assigned"),
      p("appointments", "SELECT", signedInOnly, "appointments: requesters their organisation's"),
      p("billable_items", "SELECT", signedInOnly, "billable_items: admins read"),
      p("call_log", "SELECT", signedInOnly, "call_log: admins all, interpreters their own"),
      p("company", "SELECT", everyone, "company: anyone reads"),
      p("contact_messages", "DELETE", signedInOnly, "contact_messages: admins delete"),
      p("contact_messages", "SELECT", signedInOnly, "contact_messages: admins read"),
      p("contact_messages", "UPDATE", signedInOnly, "contact_messages: admins update"),
      p("credentials", "DELETE", signedInOnly, "credentials: admins delete"),
      p("credentials", "INSERT", signedInOnly, "credentials: admins insert"),
      p("credentials", "SELECT", signedInOnly, "credentials: own rows, admins all"),
      p("credentials", "UPDATE", signedInOnly, "credentials: admins update"),
      p("credit_note_counters", "SELECT", signedInOnly, "credit_note_counters: admins read"),
      p("credit_notes", "SELECT", signedInOnly, "credit_notes: admins read"),
      p("customer_people", "SELECT", signedInOnly, "customer_people: admins all, requesters their organisation's"),
      p("customers", "SELECT", signedInOnly, "customers: admins read"),
      p("customers", "SELECT", signedInOnly, "customers: requesters their organisation's"),
      p("interpreter_stances", "SELECT", signedInOnly, "interpreter_stances: admins all, requesters own preferred"),
      p("invoice_counters", "SELECT", signedInOnly, "invoice_counters: admins read"),
      p("invoice_links", "SELECT", signedInOnly, "invoice_links: admins read"),
      p("invoice_payments", "SELECT", signedInOnly, "invoice_payments: admins read"),
      p("invoices", "SELECT", signedInOnly, "invoices: admins read"),
      p("invoices", "SELECT", signedInOnly, "invoices: requesters their organisation's issued"),
      p("languages", "DELETE", signedInOnly, "languages: admins delete"),
      p("languages", "INSERT", signedInOnly, "languages: admins insert"),
      p("languages", "SELECT", everyone, "languages: anyone reads"),
      p("languages", "UPDATE", signedInOnly, "languages: admins update"),
      p("order_events", "SELECT", signedInOnly, "order_events: admins read"),
      p("order_files", "SELECT", signedInOnly, "order_files: admins all, interpreters their assigned"),
      p("order_messages", "SELECT", signedInOnly, "order_messages: admins read"),
      p("order_quotes", "SELECT", signedInOnly, "order_quotes: admins read"),
      p("order_targets", "SELECT", signedInOnly, "order_targets: admins all, interpreters their assigned"),
      p("orders", "SELECT", signedInOnly, "orders: admins all, interpreters their assigned"),
      p("orders", "SELECT", signedInOnly, "orders: requesters their organisation's proven"),
      p("organisations", "SELECT", signedInOnly, "organisations: admins all, requesters their own"),
      p("pay_items", "SELECT", signedInOnly, "pay_items: admins all, interpreters their own"),
      p("pay_payouts", "SELECT", signedInOnly, "pay_payouts: admins all, interpreters their own"),
      p("preference_requests", "SELECT", signedInOnly, "preference_requests: admins all, requesters their own"),
      p("rate_lines", "SELECT", signedInOnly, "rate_lines: admins read"),
      p("ratings", "SELECT", signedInOnly, "ratings: admins all, requesters their organisation's"),
      p("services", "SELECT", everyone, "services: anyone reads"),
      p("time_off", "DELETE", signedInOnly, "time_off: own rows, admins delete"),
      p("time_off", "INSERT", signedInOnly, "time_off: own rows, admins insert"),
      p("time_off", "SELECT", signedInOnly, "time_off: own rows, admins all"),
      p("time_off", "UPDATE", signedInOnly, "time_off: own rows, admins update"),
      p("unfilled_notices", "SELECT", signedInOnly, "unfilled_notices: admins read"),
      p("user_languages", "DELETE", signedInOnly, "user_languages: admins delete"),
      p("user_languages", "INSERT", signedInOnly, "user_languages: admins insert"),
      p("user_languages", "SELECT", signedInOnly, "user_languages: own links, admins all"),
      p("users", "DELETE", signedInOnly, "users: admins delete"),
      p("users", "INSERT", signedInOnly, "users: admins insert"),
      p("users", "SELECT", signedInOnly, "users: own row, admins all"),
      p("users", "UPDATE", signedInOnly, "users: admins update"),
      p("working_hours", "DELETE", signedInOnly, "working_hours: own rows, admins delete"),
      p("working_hours", "INSERT", signedInOnly, "working_hours: own rows, admins insert"),
      p("working_hours", "SELECT", signedInOnly, "working_hours: own rows, admins all"),
      p("working_hours", "UPDATE", signedInOnly, "working_hours: own rows, admins update"),
    ]);
  });

  it("grant the API roles select/insert/update/delete on every table but the worker's, and TRUNCATE/REFERENCES/TRIGGER only to service_role", async () => {
    const rows = await asSuperuser(
      db,
      `select grantee, table_name, string_agg(privilege_type, ',' order by privilege_type) as privileges
       from information_schema.role_table_grants
       where table_schema = 'public' and grantee in ('anon', 'authenticated', 'service_role')
       group by grantee, table_name order by grantee, table_name`,
    );
    const privilegesOf = (grantee: string, table: string) =>
      grantee === "service_role"
        ? "DELETE,INSERT,REFERENCES,SELECT,TRIGGER,TRUNCATE,UPDATE"
        : READ_ONLY_TABLES.includes(table)
          ? "SELECT"
          : "DELETE,INSERT,SELECT,UPDATE";
    const expected = ["anon", "authenticated", "service_role"].flatMap((grantee) =>
      [
        ...TABLES,
        ...(grantee === "service_role" ? WORKER_TABLES : []),
        ...(grantee === "anon" ? [] : READ_ONLY_TABLES),
        ...(grantee === "anon" ? [] : SIGNED_IN_TABLES),
      ]
        .sort()
        .map((table_name) => ({ grantee, table_name, privileges: privilegesOf(grantee, table_name) }))
        // Signed-in users read orders, appointments and invoices' links by column (below), not the whole table.
        .filter((row) => !(row.grantee === "authenticated" && BY_COLUMN_TABLES.includes(row.table_name))),
    );
    expect(rows).toEqual(expected);
    const columns = await namesFrom(
      db,
      `select column_name from information_schema.column_privileges
       where table_schema = 'public' and table_name = 'orders' and grantee = 'authenticated' and privilege_type = 'SELECT' order by column_name`,
    );
    const all = await namesFrom(
      db,
      "select column_name from information_schema.columns where table_schema = 'public' and table_name = 'orders' order by column_name",
    );
    expect(columns).toEqual(
      // Nor what the requester typed, nor whether the address was proven (issue 22): the customer's contact details,
      // which an interpreter reading their job's row does not get; staff see them through the worker.
      all
        // Nor the search column (issue 23), which holds the same requester fields and the customer's e-mail.
        .filter(
          (name) =>
            ![
              "internal_note",
              "token_hash",
              "token_sealed",
              "requester_name",
              "requester_company",
              "requester_phone",
              "identity_verified_at",
              "search_text",
            ].includes(String(name)),
        ),
    );
    const appointmentColumns = (grantee: string) =>
      namesFrom(
        db,
        `select column_name from information_schema.columns c where table_schema = 'public' and table_name = 'appointments'
           and has_column_privilege('${grantee}', 'public.appointments', c.column_name, 'select') order by column_name`,
      );
    const everyAppointmentColumn = await namesFrom(
      db,
      "select column_name from information_schema.columns where table_schema = 'public' and table_name = 'appointments' order by column_name",
    );
    // Every column of an appointment but its private link (the hash and the sealed copy) and the interpreter its
    // requester asked for (20261205001500: like a stance, never told to interpreters); anon none at all.
    expect(await appointmentColumns("authenticated")).toEqual(
      everyAppointmentColumn.filter((name) => !["token_hash", "token_sealed", "preferred_interpreter_id"].includes(String(name))),
    );
    expect(await appointmentColumns("anon")).toEqual([]);
    // An invoice's link: when and how often it was sent, in which language, by whom; not the link itself.
    expect(
      await namesFrom(
        db,
        `select column_name from information_schema.columns c where table_schema = 'public' and table_name = 'invoice_links'
           and has_column_privilege('authenticated', 'public.invoice_links', c.column_name, 'select') order by column_name`,
      ),
    ).toEqual(["invoice_id", "locale", "sends", "sent_at", "sent_by"]);
  });

  it("index the columns the policies and cascades use", async () => {
    expect(await namesFrom(db, "select indexname from pg_indexes where schemaname = 'public' and indexname not like '%_pkey' order by indexname")).toEqual([
      "appointment_offers_appointment_id_interpreter_id_key",
      "appointment_offers_interpreter_idx",
      "appointment_offers_one_accepted_key",
      "appointment_offers_open_idx",
      "appointments_customer_idx",
      "appointments_interpreter_starts_idx",
      "appointments_no_double_booking",
      "appointments_preferred_interpreter_idx",
      "appointments_starts_idx",
      "appointments_status_starts_idx",
      "appointments_token_hash_key",
      "billable_items_invoice_idx",
      "billable_items_source_key",
      "billable_items_unbilled_idx",
      "billable_items_work_day_idx",
      "calendar_feeds_token_hash_key",
      "call_log_billable_idx",
      "call_log_interpreter_idx",
      "call_log_requested_idx",
      "call_log_totals_idx",
      "call_log_waits_idx",
      "contact_messages_due_idx",
      "contact_messages_received_idx",
      "contact_messages_status_received_idx",
      "contact_messages_unread_idx",
      "content_versions_record_version_key",
      "credentials_expiring_idx",
      "credentials_user_idx",
      "credit_notes_invoice_idx",
      "credit_notes_number_key",
      "credit_notes_year_sequence_key",
      "customer_claims_customer_idx",
      "customer_invitations_email_idx",
      "customer_invitations_organisation_idx",
      "customer_people_organisation_idx",
      "customers_email_key",
      "customers_organisation_idx",
      "customers_recent_idx",
      "customers_search_idx",
      "interpreter_stances_interpreter_idx",
      "invoice_links_token_hash_key",
      "invoice_payments_invoice_idx",
      "invoice_payments_stripe_event_idx",
      "invoices_customer_idx",
      "invoices_number_key",
      "invoices_year_sequence_key",
      "languages_name_lower_key",
      "mail_outbox_appointment_idx",
      "mail_outbox_due_idx",
      "mail_outbox_invoice_idx",
      "mail_outbox_order_idx",
      "order_events_order_idx",
      "order_files_object_key_key",
      "order_files_order_idx",
      "order_messages_order_idx",
      "order_targets_language_idx",
      "orders_created_idx",
      "orders_customer_created_idx",
      "orders_interpreter_created_idx",
      "orders_search_idx",
      "orders_source_language_idx",
      "orders_status_created_idx",
      "orders_token_hash_key",
      "organisations_name_key",
      "pay_items_month_idx",
      "pay_items_source_key",
      "pay_items_statement_idx",
      "pay_payouts_statement_idx",
      "preference_requests_pending_idx",
      "rate_lines_customer_idx",
      "rate_lines_interpreter_idx",
      "rate_lines_list_idx",
      "ratings_appointment_rater_key",
      "ratings_call_rater_key",
      "ratings_interpreter_idx",
      "ratings_low_idx",
      "ratings_rater_idx",
      "security_events_account_at_idx",
      "security_events_at_idx",
      "services_position_idx",
      "session_devices_user_id_idx",
      "time_off_user_idx",
      "user_languages_language_id_idx",
      "user_languages_user_id_idx",
      "user_languages_user_id_language_id_key",
      "users_email_lower_key",
    ]);
  });

  it("can run again on the same database without error or change", async () => {
    await asSuperuser(db, "insert into public.languages (name) values ('Arabic')");
    const before = await asSuperuser(db, "select count(*)::int as policies from pg_policies where schemaname = 'public'");
    await applyMigrations(db);
    expect(await asSuperuser(db, "select count(*)::int as policies from pg_policies where schemaname = 'public'")).toEqual(before);
    expect(await asSuperuser(db, "select name from public.languages")).toEqual([{ name: "Arabic" }]);
    const constraints = "select conname from pg_constraint where conrelid = 'public.user_languages'::regclass and contype in ('f', 'u') order by conname";
    expect(await namesFrom(db, constraints)).toEqual([
      "user_languages_language_id_fkey",
      "user_languages_user_id_fkey",
      "user_languages_user_id_language_id_key",
    ]);
  });
});
