// The customers behind the scale benchmark's orders: a name, an e-mail, often a phone and sometimes a company each,
// and how many orders each one places (a few big customers and a long tail of one-to-three-order ones, adding up to
// exactly the orders asked for). generate-orders.ts calls both, drawing from its own seeded Rng in its own order.
import type { Rng } from "../fuzz/prng";
import { phoneNumber, type Volumes } from "./generate";
import { COMPANY_KINDS, COMPANY_WORDS, EMAIL_DOMAINS, FIRST_NAMES, SURNAMES } from "./names";

export type Customer = { name: string; first: string; last: string; email: string; phone: string; company: string };

export function makeCustomers(rng: Rng, count: number): Customer[] {
  return Array.from({ length: count }, (_, index) => {
    const first = rng.pick(FIRST_NAMES);
    // Customer 0 gets the most orders (orderCounts) and the surname the benchmark searches for.
    const last = index === 0 ? SURNAMES[0] : rng.pick(SURNAMES);
    const company = rng.chance(0.4) ? `${rng.pick(COMPANY_WORDS)} ${rng.pick(COMPANY_KINDS)}` : "";
    const email = `${first}.${last}.${index}@${rng.pick(EMAIL_DOMAINS)}`.toLowerCase(); // stored lower-cased, unique
    return { name: `${first} ${last}`, first, last, email, phone: rng.chance(0.8) ? phoneNumber(rng) : "", company };
  });
}

/**
 * Orders per customer, adding up to exactly volumes.orders: customer 0 has topCustomerOrders, 0.04 % of customers
 * are big (30–80 % of that), 1 % regular (10–50), and the rest order 1–3 times (1 most often).
 */
export function orderCounts(rng: Rng, volumes: Volumes): number[] {
  const top = volumes.topCustomerOrders;
  const big = Math.round(volumes.customers * 0.0004);
  const regular = Math.round(volumes.customers * 0.01);
  const counts = Array.from({ length: volumes.customers }, (_, index) => {
    if (index === 0) return top;
    if (index <= big) return rng.int(Math.round(top * 0.3), Math.round(top * 0.8));
    if (index <= big + regular) return rng.int(Math.min(10, top - 1), Math.min(50, top - 1));
    return rng.weighted([
      [50, 1],
      [35, 2],
      [15, 3],
    ]);
  });
  const small = big + regular + 1; // where the 1–3 tail starts
  let total = counts.reduce((sum, count) => sum + count, 0);
  const tail = () => rng.int(Math.min(small, counts.length - 1), counts.length - 1);
  for (let tries = 0; total > volumes.orders; tries++) {
    if (tries > volumes.orders * 20) throw new Error(`Cannot spread ${volumes.orders} orders over ${volumes.customers} customers`);
    const index = tail();
    if (counts[index]! > 1) {
      counts[index] = counts[index]! - 1;
      total--;
    }
  }
  // Up to 3 each; past that (a tiny baseline), anyone but the top customer may take more.
  for (let tries = 0; total < volumes.orders; tries++) {
    const index = tries < volumes.orders * 20 ? tail() : rng.int(1, counts.length - 1);
    if (counts[index]! < 3 || tries >= volumes.orders * 20) {
      counts[index] = counts[index]! + 1;
      total++;
    }
  }
  return counts;
}
