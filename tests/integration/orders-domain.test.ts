// The order's rules (issue 13), as every adapter and route applies them: which button moves an order from which
// state and whose it is, stale pages and expired quotes refused, money read and shown per currency, dates on the
// company's calendar, and who may be assigned. Runs inside workerd (its Intl is the one the routes use).
import { describe, expect, it } from "vitest";
import {
  availableTransitions,
  checkTransition,
  companyToday,
  eligibleInterpreters,
  formatAmount,
  isCalendarDate,
  ORDER_STATUSES,
  ORDER_TRANSITION_NAMES,
  parseAmount,
  quoteIsValid,
  type OrderState,
  type OrderStatus,
} from "~/domain/orders";

const NOW = new Date("2026-11-24T18:00:00Z"); // 11:00 in Wyoming
const quote = { amountMinor: 125_050, currency: "USD", dueDate: "2026-12-01", validUntil: "2026-11-30" };
const order = (status: OrderStatus, version = 3): OrderState => ({ status, version, quote: status === "new" ? null : quote });

describe("order transitions", () => {
  it("walks the whole happy path, each step by its own actor", () => {
    const steps = [
      ["new", "quote", "staff", "quoted"],
      ["quoted", "accept", "customer", "accepted"],
      ["accepted", "assign", "staff", "in_progress"],
      ["in_progress", "deliver", "interpreter", "delivered"],
      ["delivered", "complete", "staff", "completed"],
    ] as const;
    for (const [from, transition, actor, to] of steps) {
      expect(checkTransition(order(from), transition, { actor, basedOn: 3, now: NOW }), `${from} → ${transition}`).toEqual({ ok: true, to });
    }
    expect(checkTransition(order("quoted"), "decline", { actor: "customer", basedOn: 3, now: NOW })).toEqual({ ok: true, to: "declined" });
  });

  it("refuses every transition not allowed from a state, and from the closed states all of them", () => {
    const allowed = new Map<OrderStatus, string[]>([
      ["new", ["quote", "cancel"]],
      ["quoted", ["accept", "decline", "cancel"]],
      ["accepted", ["assign", "cancel"]],
      ["in_progress", ["deliver", "cancel"]],
      ["delivered", ["complete", "cancel"]],
      ["declined", []],
      ["completed", []],
      ["cancelled", []],
    ]);
    for (const status of ORDER_STATUSES) {
      const possible = ORDER_TRANSITION_NAMES.filter((name) =>
        (["staff", "customer", "interpreter"] as const).some((actor) => checkTransition(order(status), name, { actor, basedOn: 3, now: NOW }).ok),
      );
      expect(possible, status).toEqual(allowed.get(status));
    }
    expect(checkTransition(order("completed"), "cancel", { actor: "staff", basedOn: 3, now: NOW })).toEqual({ ok: false, reason: "not-allowed" });
  });

  it("keeps each button to its owner: customers accept, staff quote and assign, interpreters only deliver", () => {
    expect(checkTransition(order("quoted"), "accept", { actor: "staff", basedOn: 3, now: NOW })).toEqual({ ok: false, reason: "not-yours" });
    expect(checkTransition(order("new"), "quote", { actor: "customer", basedOn: 3, now: NOW })).toEqual({ ok: false, reason: "not-yours" });
    expect(checkTransition(order("accepted"), "assign", { actor: "interpreter", basedOn: 3, now: NOW })).toEqual({ ok: false, reason: "not-yours" });
    expect(checkTransition(order("new"), "cancel", { actor: "customer", basedOn: 3, now: NOW })).toEqual({ ok: false, reason: "not-yours" });
    expect(availableTransitions(order("in_progress"), "interpreter", NOW)).toEqual(["deliver"]);
    expect(availableTransitions(order("quoted"), "customer", NOW)).toEqual(["accept", "decline"]);
    expect(availableTransitions(order("quoted"), "staff", NOW)).toEqual(["cancel"]);
  });

  it("refuses a click from a page that showed an older version, whatever it asks", () => {
    expect(checkTransition(order("new", 4), "quote", { actor: "staff", basedOn: 3, now: NOW })).toEqual({ ok: false, reason: "stale" });
    expect(checkTransition(order("quoted", 5), "accept", { actor: "customer", basedOn: 4, now: NOW })).toEqual({ ok: false, reason: "stale" });
  });

  it("lets a quote be accepted through its last valid day in Wyoming, and not after", () => {
    const lastDay = { ...quote, validUntil: "2026-11-24" };
    const state: OrderState = { status: "quoted", version: 1, quote: lastDay };
    // 23:30 in Wyoming on the 24th is already the 25th in UTC.
    const lateEvening = new Date("2026-11-25T06:30:00Z");
    expect(companyToday(lateEvening)).toBe("2026-11-24");
    expect(checkTransition(state, "accept", { actor: "customer", basedOn: 1, now: lateEvening })).toEqual({ ok: true, to: "accepted" });
    const nextMorning = new Date("2026-11-25T08:00:00Z");
    expect(checkTransition(state, "accept", { actor: "customer", basedOn: 1, now: nextMorning })).toEqual({ ok: false, reason: "quote-expired" });
    expect(availableTransitions(state, "customer", nextMorning)).toEqual(["decline"]);
    expect(quoteIsValid(lastDay, nextMorning)).toBe(false);
  });
});

describe("dates", () => {
  it("accepts real calendar dates only", () => {
    for (const date of ["2026-11-24", "2028-02-29"]) expect(isCalendarDate(date), date).toBe(true);
    for (const date of ["2026-02-29", "2026-13-01", "2026-11-31", "26-11-24", "2026-11-24T00:00", " 2026-11-24", ""]) {
      expect(isCalendarDate(date), date).toBe(false);
    }
  });
});

describe("money", () => {
  it("reads amounts in the currency's minor unit", () => {
    expect(parseAmount("1250.5", "USD")).toBe(125_050);
    expect(parseAmount("1,250.50", "USD")).toBe(125_050);
    expect(parseAmount(" 80 ", "EUR")).toBe(8000);
    expect(parseAmount("12.345", "KWD")).toBe(12_345); // three decimals
  });

  it("refuses what is not a positive amount written plainly", () => {
    for (const text of ["", "0", "0.00", "-5", "+5", "1e3", "12.345", "1,25", "1 250", "12.", ".5", "NaN", "Infinity", "9".repeat(20)]) {
      expect(parseAmount(text, "USD"), JSON.stringify(text)).toBeNull();
    }
  });

  it("shows an amount in the page's language", () => {
    expect(formatAmount(125_050, "USD", "en")).toBe("$1,250.50");
    // Western digits on the Arabic pages, like the prices and phone numbers people type (INTL_LOCALE).
    expect(formatAmount(125_050, "USD", "ar")).toMatch(/^\u200f?1,250\.50\s?US\$$/);
    expect(formatAmount(12_345, "KWD", "en")).toMatch(/^KWD\s12\.345$/); // ICU puts a no-break space there
  });
});

describe("eligibleInterpreters", () => {
  it("offers only people linked to the source and to every target language", () => {
    const people = [
      { id: "a", languages: [1, 2, 3] },
      { id: "b", languages: [1, 2] },
      { id: "c", languages: [2, 3] },
      { id: "d", languages: [] },
    ];
    const eligible = eligibleInterpreters(people, (person) => person.languages, { sourceLanguageId: 1, targetLanguageIds: [2, 3] });
    expect(eligible.map((person) => person.id)).toEqual(["a"]);
    expect(eligibleInterpreters(people, (person) => person.languages, { sourceLanguageId: 2, targetLanguageIds: [1] }).map((p) => p.id)).toEqual(["a", "b"]);
  });
});
