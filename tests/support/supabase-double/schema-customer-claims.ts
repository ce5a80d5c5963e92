// Claims of an account from a status link (supabase/migrations/20261205001600_push_customer_claims.sql; issue 27, ADR
// 0042), with the rules the double enforces: types, NOT NULL, and the customer foreign key (ON DELETE CASCADE). The
// worker reaches the table only through the functions of rpc-customer-claims.ts.
import type { Table } from "./schema";

export const CUSTOMER_CLAIM_TABLE_NAMES = ["customer_claims"] as const;
type CustomerClaimTableName = (typeof CUSTOMER_CLAIM_TABLE_NAMES)[number];

export const CUSTOMER_CLAIM_SCHEMA: Record<CustomerClaimTableName, Table> = {
  customer_claims: {
    columns: {
      token_hash: { type: "text" },
      customer_id: { type: "int8" },
      created_at: { type: "timestamptz" },
      expires_at: { type: "timestamptz" },
      used_at: { type: "timestamptz", nullable: true },
    },
    primaryKey: "token_hash",
    unique: [],
    foreignKeys: [{ name: "customer_claims_customer_id_fkey", column: "customer_id", table: "customers" }],
  },
};
