// Generated customers and orders (with their targets and quotes), shaped like an agency's three years of quote
// requests: more orders lately, statuses by age (recent ones still open, old ones completed, declined or cancelled),
// a few big customers and a long tail of one-to-three-order ones (generate-customers.ts), English on one side of
// most pairs.
import type { OrderStatus } from "../../app/domain/orders";
import type { Rng } from "../fuzz/prng";
import { companyDay, DAY_MS, HISTORY_DAYS, pastInstant, sha256Hex, weightedLanguage, type Existing, type TableRows, type Volumes } from "./generate";
import { makeCustomers, orderCounts } from "./generate-customers";
import { speakerOf, type People, type Person } from "./generate-people";
import { FIRST_NAMES } from "./names";
import { DETAIL_PHRASES } from "./texts";

export type OrdersResult = {
  tables: TableRows[];
  /** The customer with the most orders of their own (verified), for the customer page. */
  topCustomer: { id: number; orders: number };
  /** The newest accepted order (its page offers the assign form, the heaviest order page). */
  acceptedOrderId: number;
  /** Orders actually given to the jobs interpreter. */
  jobs: number;
};

/** Statuses by the order's age in days: [upper bound of age, weights]. */
const STATUS_BY_AGE: [number, [number, OrderStatus][]][] = [
  [
    2,
    [
      [55, "new"],
      [30, "quoted"],
      [8, "accepted"],
      [5, "in_progress"],
      [2, "cancelled"],
    ],
  ],
  [
    14,
    [
      [8, "new"],
      [22, "quoted"],
      [10, "accepted"],
      [5, "declined"],
      [30, "in_progress"],
      [10, "delivered"],
      [12, "completed"],
      [3, "cancelled"],
    ],
  ],
  [
    60,
    [
      [1, "new"],
      [5, "quoted"],
      [2, "accepted"],
      [8, "declined"],
      [6, "in_progress"],
      [8, "delivered"],
      [62, "completed"],
      [8, "cancelled"],
    ],
  ],
  [
    Infinity,
    [
      [0.5, "new"],
      [3, "quoted"],
      [0.5, "accepted"],
      [12, "declined"],
      [0.2, "in_progress"],
      [1.5, "delivered"],
      [72, "completed"],
      [10, "cancelled"],
    ],
  ],
];
/** How many changes each status took (orders.version starts at 1 and adds one per change). */
const VERSION: Record<OrderStatus, number> = { new: 1, quoted: 2, accepted: 3, declined: 3, in_progress: 4, delivered: 5, completed: 6, cancelled: 2 };
const WORKED: OrderStatus[] = ["in_progress", "delivered", "completed"];
const CURRENCIES: [number, string][] = [
  [70, "USD"],
  [10, "EUR"],
  [5, "GBP"],
  [5, "CAD"],
  [4, "AED"],
  [3, "SAR"],
  [3, "EGP"],
];
const SERVICE_WEIGHTS: Record<string, number> = { "Document Translation": 35, "Medical Interpreting": 20, "Legal Interpreting": 12 };

type Plan = {
  at: number;
  customer: number;
  status: OrderStatus;
  quoted: boolean;
  verified: boolean;
  source: { id: number; name: string };
  targets: { id: number; name: string }[];
  interpreter: Person | null;
};

export function generateOrders(rng: Rng, now: number, volumes: Volumes, existing: Existing, people: People, jobsInterpreter: Person): OrdersResult {
  const customers = makeCustomers(rng, volumes.customers);
  const owners = orderCounts(rng, volumes).flatMap((count, customer) => Array<number>(count).fill(customer));
  const shuffled = rng.sample(owners, owners.length); // a full shuffle: big customers order all through the years
  const times = Array.from({ length: volumes.orders }, () => pastInstant(rng, now, HISTORY_DAYS)).sort((a, b) => a - b);
  const english = existing.languages.find((language) => language.name === "English");

  const plans: Plan[] = times.map((at, index) => {
    const age = (now - at) / DAY_MS;
    const status = rng.weighted(STATUS_BY_AGE.find(([upTo]) => age < upTo)![1]);
    const quoted = status !== "new" && (status !== "cancelled" || rng.chance(0.5));
    const source = english && rng.chance(0.6) ? english : weightedLanguage(rng, existing.languages, english ? [english.id] : []);
    const targets = source === english ? [weightedLanguage(rng, existing.languages, [source.id])] : english ? [english] : [];
    while (targets.length === 0 || (targets.length < 3 && rng.chance(0.15)))
      targets.push(weightedLanguage(rng, existing.languages, [source.id, ...targets.map((t) => t.id)]));
    const worked = WORKED.includes(status) || (status === "cancelled" && quoted && rng.chance(0.2));
    const interpreter = worked
      ? speakerOf(
          rng,
          people,
          source.id,
          targets.map((target) => target.id),
        )
      : null;
    // Unproven requests: mostly the newest (the link not opened yet), a few old ones nobody confirmed.
    const verified = age < 1 ? rng.chance(0.6) : rng.chance(0.97);
    return { at, customer: shuffled[index]!, status, quoted, verified, source, targets, interpreter };
  });

  // Every state needs an accepted order to measure its page: a small baseline may have drawn none.
  if (!plans.some((plan) => plan.status === "accepted")) Object.assign(plans.at(-1)!, { status: "accepted", quoted: true, interpreter: null, verified: true });
  const jobs = assignJobs(rng, plans, jobsInterpreter, volumes.jobs);

  // Customers are created by their first order: ids follow that order, as they would in the app.
  const firstOrder = new Map<number, number>();
  for (const plan of plans) if (!firstOrder.has(plan.customer)) firstOrder.set(plan.customer, plan.at);
  const customerIds = new Map<number, number>();
  [...firstOrder.entries()].sort((a, b) => a[1] - b[1]).forEach(([customer], index) => customerIds.set(customer, existing.maxIds.customers + index + 1));

  const customerRows = [...firstOrder.entries()].map(([customer, at]) => {
    const c = customers[customer]!;
    return [customerIds.get(customer), c.name, c.email, c.phone, c.company, at];
  });
  const orderRows: unknown[][] = [];
  const targetRows: unknown[][] = [];
  const quoteRows: unknown[][] = [];
  const verifiedCounts = new Map<number, number>();
  let acceptedOrderId = 0;
  plans.forEach((plan, index) => {
    const id = existing.maxIds.orders + index + 1;
    const c = customers[plan.customer]!;
    const customerId = customerIds.get(plan.customer)!;
    const service = rng.weighted(existing.services.map((s) => [SERVICE_WEIGHTS[s.title] ?? 10, s] as const));
    const version = VERSION[plan.status] + (plan.status === "cancelled" ? (plan.quoted ? 1 : 0) + (plan.interpreter ? 2 : 0) : 0);
    const updatedAt = Math.min(now, plan.at + (version - 1) * rng.int(2 * 3_600_000, 3 * DAY_MS));
    // A colleague of the customer sometimes sends the request under their own name, with the same e-mail.
    const requester = rng.chance(0.9) ? c.name : `${rng.pick(FIRST_NAMES)} ${c.last}`;
    const details = rng.sample(DETAIL_PHRASES, rng.int(1, 2)).join(" ");
    orderRows.push([
      id,
      customerId,
      service.id,
      service.title,
      plan.source.id,
      plan.source.name,
      companyDay(plan.at + rng.int(3, 45) * DAY_MS),
      details,
      rng.chance(0.85) ? "en" : "ar",
      plan.status,
      version,
      plan.interpreter?.id ?? null,
      rng.chance(0.1) ? "Called the customer to confirm the scope." : "",
      plan.status === "cancelled" ? rng.pick(["Customer no longer needs it.", "Duplicate request.", "No interpreter available in time."]) : "",
      sha256Hex(`order ${id}`),
      null,
      null,
      null,
      plan.at,
      updatedAt,
      requester,
      c.company,
      c.phone,
      plan.verified ? Math.min(now, plan.at + rng.int(60_000, 7_200_000)) : null,
    ]);
    plan.targets.forEach((target, position) => targetRows.push([id, target.id, target.name, position]));
    if (plan.quoted) {
      const quotedAt = Math.min(now, plan.at + rng.int(3_600_000, 2 * DAY_MS));
      const amount = Math.round(Math.exp(Math.log(3_000) + rng.float() * Math.log(800_000 / 3_000)) / 100) * 100;
      quoteRows.push([id, amount, rng.weighted(CURRENCIES), companyDay(quotedAt + rng.int(3, 30) * DAY_MS), companyDay(quotedAt + 14 * DAY_MS), quotedAt]);
    }
    if (plan.verified) verifiedCounts.set(customerId, (verifiedCounts.get(customerId) ?? 0) + 1);
    if (plan.status === "accepted") acceptedOrderId = id; // plans run oldest first: the last one is the newest
  });
  const [topId, topOrders] = [...verifiedCounts.entries()].reduce((best, entry) => (entry[1] > best[1] ? entry : best));

  return {
    tables: [
      { table: "customers", columns: ["id", "name", "email", "phone", "company", "created_at"], rows: customerRows },
      {
        table: "orders",
        columns: [
          "id",
          "customer_id",
          "service_id",
          "service_title",
          "source_language_id",
          "source_language",
          "deadline",
          "details",
          "locale",
          "status",
          "version",
          "interpreter_id",
          "internal_note",
          "cancel_reason",
          "token_hash",
          "token_sealed",
          "token_revoked_at",
          "last_change",
          "created_at",
          "updated_at",
          "requester_name",
          "requester_company",
          "requester_phone",
          "identity_verified_at",
        ],
        rows: orderRows,
      },
      { table: "order_targets", columns: ["order_id", "language_id", "language", "position"], rows: targetRows },
      { table: "order_quotes", columns: ["order_id", "amount_minor", "currency", "due_date", "valid_until", "quoted_at"], rows: quoteRows },
    ],
    topCustomer: { id: topId, orders: topOrders },
    acceptedOrderId,
    jobs,
  };
}

/** Gives `count` worked orders to the jobs interpreter, preferring those in their languages (as staff would). */
function assignJobs(rng: Rng, plans: Plan[], person: Person, count: number): number {
  const speaks = (plan: Plan) => [plan.source, ...plan.targets].filter((language) => person.languageIds.includes(language.id)).length >= 2;
  const worked = plans.filter((plan) => plan.interpreter !== null && plan.status !== "cancelled");
  const preferred = worked.filter(speaks);
  const chosen = [
    ...rng.sample(preferred, count),
    ...rng.sample(
      worked.filter((plan) => !speaks(plan)),
      Math.max(0, count - preferred.length),
    ),
  ];
  for (const plan of chosen) plan.interpreter = person;
  return chosen.length;
}
