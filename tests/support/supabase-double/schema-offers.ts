// Offers of appointments and the unfilled flag (supabase/migrations/20261203000100_push_appointment_offers.sql; issue
// 25), with the rules the double enforces: types, NOT NULL, the status CHECK, one offer per appointment and
// interpreter, at most one accepted offer per appointment (a partial unique index), one notice per appointment (its
// primary key), and the foreign keys, ON DELETE CASCADE (an appointment's offers and notice go with it, a person's
// offers with them). The worker's alone (service role): written and read only through the functions of rpc-offers.ts.
import { OFFER_STATUSES } from "../../../app/domain/offers";
import type { Table } from "./schema";

export const OFFER_TABLE_NAMES = ["appointment_offers", "unfilled_notices"] as const;
type OfferTableName = (typeof OFFER_TABLE_NAMES)[number];

const instant = { type: "timestamptz" } as const;

export const OFFER_SCHEMA: Record<OfferTableName, Table> = {
  appointment_offers: {
    columns: {
      id: { type: "int8", identity: "always" },
      appointment_id: { type: "int8" },
      interpreter_id: { type: "uuid" },
      status: { type: "text", default: () => "open", oneOf: OFFER_STATUSES },
      offered_at: instant,
      expires_at: instant,
      responded_at: { type: "timestamptz", nullable: true },
    },
    primaryKey: "id",
    unique: [
      { name: "appointment_offers_appointment_id_interpreter_id_key", columns: ["appointment_id", "interpreter_id"] },
      { name: "appointment_offers_one_accepted_key", columns: ["appointment_id"], where: (row) => row.status === "accepted" },
    ],
    foreignKeys: [
      { name: "appointment_offers_appointment_id_fkey", column: "appointment_id", table: "appointments" },
      { name: "appointment_offers_interpreter_id_fkey", column: "interpreter_id", table: "users" },
    ],
  },
  unfilled_notices: {
    columns: {
      appointment_id: { type: "int8" },
      noticed_at: instant,
      change_id: { type: "uuid" },
    },
    primaryKey: "appointment_id",
    unique: [],
    foreignKeys: [{ name: "unfilled_notices_appointment_id_fkey", column: "appointment_id", table: "appointments" }],
  },
};
