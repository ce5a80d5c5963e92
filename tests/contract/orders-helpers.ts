// Helpers of the order tests (11-orders-*.test.ts): the double reset before each test with the seeded ids they name,
// a quote request and the changes staff make to it, and the rows the double holds for one order.
import { expect } from "vitest";
import type { NewOrder } from "~/domain/order-records";
import { sha256Hex } from "~/platform/core/hash.server";
import { orderChange, type ChangeFields } from "../fixtures/orders";
import { backendFor, double, languageIdOf, staffIds } from "./helpers";

export const orders = () => backendFor().orders;
type TableRow = Record<string, unknown>;
export const rowsOf = async (table: string, orderId: number) => (await double.table<TableRow>(table)).filter((row) => row.order_id === orderId);

/** 2025-11-25T10:00:00.123Z, and how PostgREST writes it. */
export const NOW = 1_764_064_800_123;
export const at = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");
export const QUOTE = { amountMinor: 125_050, currency: "USD", dueDate: "2031-05-18", validUntil: "2031-05-10" };
// Read again by resetOrders; the test files import these bindings, so they see the values of the last reset.
export let [english, spanish, french] = [0, 0, 0];
export let [admin, interpreter] = ["", ""];

/** Each test's start (beforeEach): the double as seeded, and the ids of its languages and sample people. */
export async function resetOrders() {
  await double.reset();
  [english, spanish, french] = (await Promise.all(["English", "Spanish", "French"].map(languageIdOf))) as [number, number, number];
  [admin, interpreter] = await staffIds();
}

let counter = 0;
export async function newOrder(overrides: Partial<NewOrder> = {}): Promise<NewOrder> {
  const n = ++counter;
  return {
    customer: { name: "Lena Park", email: "Lena@Example.com", phone: "+1 307 555 0199", company: "Park & Co" },
    serviceId: 1,
    sourceLanguageId: english,
    targetLanguageIds: [spanish, french],
    deadline: "2031-05-20",
    details: "Two contracts",
    locale: "en",
    tokenHash: await sha256Hex(`token-${n}`),
    tokenSealed: `sealed-${n}`,
    files: [{ objectKey: `orders/source-${n}`, fileName: "contract.pdf", contentType: "application/pdf", size: 1234 }],
    ...overrides,
  };
}
export async function create(overrides?: Partial<NewOrder>, now = NOW): Promise<number> {
  const created = await orders().create(await newOrder(overrides), now);
  if (!created.ok) throw new Error(created.reason);
  return created.id;
}
export const change = (fields: ChangeFields) => orderChange(fields, admin);
export const quoted = (basedOn = 1) => change({ transition: "quote", from: "new", to: "quoted", basedOn, quote: QUOTE, detail: { quote: QUOTE } });
/** new → quoted → accepted → in progress, assigned to the sample interpreter. */
export async function assigned(id: number) {
  for (const step of [
    quoted(),
    change({ transition: "accept", from: "quoted", to: "accepted", basedOn: 2, actor: "customer", actorId: null }),
    change({ transition: "assign", from: "accepted", to: "in_progress", basedOn: 3, interpreterId: interpreter }),
  ]) {
    expect(await orders().transition(id, step, NOW + 1)).toMatchObject({ ok: true });
  }
}
