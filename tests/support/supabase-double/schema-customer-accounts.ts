// Customer accounts (supabase/migrations/20261205001000_push_customer_accounts.sql; issue 27, ADR 0040), with the rules
// the double enforces: types, NOT NULL, the CHECKs (a name of 1 to 200 characters, a lower-cased invitation e-mail),
// the unique organisation name (lower-cased), and the foreign keys (a requester's account → auth.users and their
// organisation ON DELETE CASCADE, an invitation's organisation ON DELETE CASCADE). customers.organisation_id (ON DELETE
// SET NULL) is in schema-orders.ts with the rest of the customers' columns.
import type { Table, Value } from "./schema";

export const CUSTOMER_ACCOUNT_TABLE_NAMES = ["organisations", "customer_people", "customer_invitations"] as const;
type CustomerAccountTableName = (typeof CUSTOMER_ACCOUNT_TABLE_NAMES)[number];

const name = { type: "text", check: (value: Value) => typeof value === "string" && value.trim().length >= 1 && value.trim().length <= 200 } as const;
const now = () => new Date().toISOString();

export const CUSTOMER_ACCOUNT_SCHEMA: Record<CustomerAccountTableName, Table> = {
  organisations: {
    columns: { id: { type: "int8", identity: "always" }, name, created_at: { type: "timestamptz", default: now } },
    primaryKey: "id",
    unique: [{ name: "organisations_name_key", columns: ["name"], lower: true }],
    foreignKeys: [],
  },
  customer_people: {
    columns: {
      account_id: { type: "uuid" },
      organisation_id: { type: "int8" },
      full_name: name,
      is_admin: { type: "bool", default: () => false },
      created_at: { type: "timestamptz", default: now },
    },
    primaryKey: "account_id",
    unique: [],
    foreignKeys: [
      { name: "customer_people_account_id_fkey", column: "account_id", table: "auth.users" },
      { name: "customer_people_organisation_id_fkey", column: "organisation_id", table: "organisations" },
    ],
  },
  customer_invitations: {
    columns: {
      token_hash: { type: "text" },
      organisation_id: { type: "int8" },
      email: { type: "text", check: (value: Value) => typeof value === "string" && value === value.toLowerCase() },
      full_name: { type: "text" },
      is_admin: { type: "bool", default: () => false },
      invited_by: { type: "text" },
      created_at: { type: "timestamptz" },
      expires_at: { type: "timestamptz" },
      used_at: { type: "timestamptz", nullable: true },
    },
    primaryKey: "token_hash",
    unique: [],
    foreignKeys: [{ name: "customer_invitations_organisation_id_fkey", column: "organisation_id", table: "organisations" }],
  },
};
