// Rows of appointment_offers with the interpreter's name (both databases keep the same columns), mapped to the app's
// type once for both adapters.
import type { Offer, OfferStatus } from "~/domain/offers";
import { instant, int } from "./order.server";

export type OfferRow = {
  id: number | string;
  appointment_id: number | string;
  interpreter_id: string;
  interpreter_name: string;
  status: OfferStatus;
  offered_at: number | string;
  expires_at: number | string;
  responded_at: number | string | null;
};

export const toOffer = (row: OfferRow): Offer => ({
  id: int(row.id),
  appointmentId: int(row.appointment_id),
  interpreter: { id: row.interpreter_id, name: row.interpreter_name },
  status: row.status,
  offeredAt: instant(row.offered_at),
  expiresAt: instant(row.expires_at),
  respondedAt: row.responded_at === null ? null : instant(row.responded_at),
});
