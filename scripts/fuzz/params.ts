// Paths: fills the placeholders of the surface's paths ("/Quote/{token:quoted}", "/Dashboard/Orders/{order}/files/{file}")
// from the orders and appointments the run's set-up created (orders.ts, appointments.ts), drawn from the run's Rng
// like every other value: the same seed and the same set-up give the same requests. Mostly a real order (or
// appointment), in the state the placeholder names; now and then an id the set-up did not make (an order of the campaign's own /Quote posts, or none), a revoked link or
// an unknown token, so the 404s and 403s are reached from the same entries. trickPath then spells some paths
// differently, or gives them a hostile last segment.
import type { Rng } from "./prng";
import { UNKNOWN_TOKEN } from "./surface-orders";
import { percentEncode, type Payload } from "./values";

export type OrderFixture = {
  id: number;
  /** The state the set-up left it in (the campaign's own requests may move it on). */
  status: string;
  version: number;
  token: string;
  revoked: boolean;
  customerId: number;
  /** Ids of its files: the customer's documents, the delivery. */
  sourceFiles: number[];
  deliveryFiles: number[];
};

/** A booked appointment of the run's set-up (appointments.ts): its private link's token and the version its page shows. */
export type AppointmentFixture = {
  id: number;
  /** The state the set-up left it in (the campaign's own cancels may move it on). */
  status: string;
  version: number;
  token: string;
};

/** A time-off or credential row of the run's set-up (availability.ts), and whose it is. */
export type OwnedRow = { id: number; userId: string };

/**
 * The ids requests can name: read from the database at the start (db.ts idPools, without the accounts the campaign
 * signs in with), and the orders the set-up created. Plausible values, filled paths and order fields draw from them.
 */
export type IdPools = {
  userIds: string[];
  languageIds: number[];
  linkIds: number[];
  messageIds: number[];
  serviceIds: number[];
  customerIds: number[];
  /** The invoices there are at the start (the campaign's own drafts may add some). */
  invoiceIds: number[];
  /** The sent invoices the run's set-up made (db.ts insertSentInvoice), with their private links. */
  invoiceLinks: { id: number; token: string }[];
  /** The pay statements the run's set-up made (pay.ts): whose, which month, and what its page shows. */
  payStatements: { interpreterId: string; month: string; itemCount: number; toPayMinor: number }[];
  /** The sample interpreter's users row: the one the set-up's orders can be assigned to. */
  sampleInterpreterId: string | null;
  /** The orders the run's set-up created, one in each state (orders.ts). */
  orders: OrderFixture[];
  /** The languages someone is linked to: the ones /Book accepts. */
  linkedLanguageIds: number[];
  /** The appointments the run's set-up booked (appointments.ts). */
  appointments: AppointmentFixture[];
  /** The time off and credentials the run's set-up recorded (availability.ts); the campaign's removes take some away. */
  timeOff: OwnedRow[];
  credentials: OwnedRow[];
};

/**
 * A filled path, and the set-up's order or appointment it names (for a plausible `basedOn`: the version its page would
 * show), or the person (for a plausible row to remove: one of theirs).
 */
export type Filled = { path: string; order?: OrderFixture; appointment?: AppointmentFixture; person?: string };

const PLACEHOLDER = /\{(\w+)(?::(\w+))?\}/g;

export function fillPath(template: string, rng: Rng, ids: IdPools): Filled {
  let order: OrderFixture | undefined;
  let appointment: AppointmentFixture | undefined;
  let person: string | undefined;
  const fixtures = ids.orders;
  const inState = (state: string | undefined, active: boolean) => {
    const usable = fixtures.filter((fixture) => !active || !fixture.revoked);
    const matching = usable.filter((fixture) => !state || fixture.status === state);
    return matching.length ? matching : usable;
  };
  const allFiles = fixtures.flatMap((fixture) => [...fixture.sourceFiles, ...fixture.deliveryFiles]);
  const madeUp = (known: number) => rng.int(1, known + 20);
  const path = template.replace(PLACEHOLDER, (_, name: string, state: string | undefined) => {
    switch (name) {
      case "order": {
        if (rng.chance(0.85) && fixtures.length) order = rng.pick(inState(state, false));
        else {
          const id = madeUp(fixtures.length);
          order = fixtures.find((fixture) => fixture.id === id);
          return String(id);
        }
        return String(order.id);
      }
      case "token": {
        const roll = rng.float();
        const revoked = fixtures.filter((fixture) => fixture.revoked);
        if (roll < 0.05 || !fixtures.length) return UNKNOWN_TOKEN;
        order = roll < 0.15 && revoked.length ? rng.pick(revoked) : rng.pick(inState(state, true));
        return order.token;
      }
      case "revoked": {
        const revoked = fixtures.filter((fixture) => fixture.revoked);
        if (!revoked.length) return UNKNOWN_TOKEN;
        order = rng.pick(revoked);
        return order.token;
      }
      case "file":
      case "delivery": {
        const own = name === "file" ? (order?.sourceFiles ?? []) : (order?.deliveryFiles ?? []);
        return String(own.length ? rng.pick(own) : allFiles.length ? rng.pick(allFiles) : 1);
      }
      case "otherFile": {
        const others = fixtures.filter((fixture) => fixture !== order).flatMap((fixture) => [...fixture.sourceFiles, ...fixture.deliveryFiles]);
        return String(others.length && rng.chance(0.7) ? rng.pick(others) : allFiles.length + rng.int(1, 20));
      }
      // A booked appointment's link: mostly one in the state named (a requested one when none is), now and then an
      // unknown token.
      case "booking": {
        const booked = ids.appointments;
        if (!booked.length || rng.chance(0.05)) return UNKNOWN_TOKEN;
        const matching = booked.filter((fixture) => fixture.status === (state ?? "requested"));
        appointment = rng.pick(matching.length ? matching : booked);
        return appointment.token;
      }
      // A booked appointment's staff page: mostly one the set-up booked (in the state named), now and then an id it did not.
      case "appointment": {
        const booked = ids.appointments;
        if (!booked.length || rng.chance(0.1)) return String(madeUp(booked.length));
        const matching = booked.filter((fixture) => !state || fixture.status === state);
        appointment = rng.pick(matching.length ? matching : booked);
        return String(appointment.id);
      }
      // A users row (an interpreter's availability page): mostly a real one (the sample interpreter's now and then: its
      // own Profile posts meet the admin's), sometimes the same id in capitals (no such row), a made-up UUID or no
      // UUID at all.
      case "person": {
        const people = [...ids.userIds, ...(ids.sampleInterpreterId ? [ids.sampleInterpreterId] : [])];
        const roll = rng.float();
        if (people.length && roll < 0.85) {
          person = rng.pick(people);
          return person;
        }
        if (people.length && roll < 0.9) return rng.pick(people).toUpperCase();
        if (roll < 0.95) return `${rng.hex(8)}-${rng.hex(4)}-4${rng.hex(3)}-8${rng.hex(3)}-${rng.hex(12)}`;
        return rng.pick(["0", "me", `${rng.hex(8)}-${rng.hex(4)}`, "00000000000000000000000000000000"]);
      }
      case "customer":
        return String(ids.customerIds.length && rng.chance(0.85) ? rng.pick(ids.customerIds) : madeUp(ids.customerIds.length));
      case "invoice":
        return String(ids.invoiceIds.length && rng.chance(0.85) ? rng.pick(ids.invoiceIds) : madeUp(ids.invoiceIds.length));
      // A sent invoice's private link (mostly the set-up's), now and then an unknown token.
      case "invoiceLink":
        return ids.invoiceLinks.length && rng.chance(0.9) ? rng.pick(ids.invoiceLinks).token : UNKNOWN_TOKEN;
      // An interpreter's statement (admins' page): mostly the set-up's, else someone's other month, nobody's, or no month.
      case "payStatement": {
        const statement = ids.payStatements.length && rng.chance(0.8) ? rng.pick(ids.payStatements) : null;
        if (statement) return `${statement.interpreterId}/${statement.month}`;
        const who =
          ids.sampleInterpreterId && rng.chance(0.5)
            ? ids.sampleInterpreterId
            : rng.pick(["999999", "x", `${rng.hex(8)}-${rng.hex(4)}-4${rng.hex(3)}-8${rng.hex(3)}-${rng.hex(12)}`]);
        return `${who}/${rng.pick(["1999-01", "2026-13", "2026-1", "x"])}`;
      }
      // A month of the signed-in person's own statements: the set-up's month, or another.
      case "payMonth":
        return ids.payStatements.length && rng.chance(0.7) ? rng.pick(ids.payStatements).month : rng.pick(["1999-01", "2026-13", "2026-10-01", "x"]);
      default:
        throw new Error(`a surface entry names a placeholder params.ts does not know: {${name}} in ${template}`);
    }
  });
  return { path, order, appointment, person };
}

export type Tricked = { path: string; labels: string[]; marker?: number };

/** Sometimes the same path spelled differently, or with a hostile last segment (`hostile` makes its value). */
export function trickPath(rng: Rng, hostile: () => Payload, path: string, probability: number): Tricked {
  if (!rng.chance(probability)) return { path, labels: [] };
  const trick = rng.pick([
    "lower",
    "upper",
    "slash",
    "double-slash",
    "data",
    "root-data",
    "matrix",
    "encoded-slash",
    "dot-segment",
    "segment",
    "encoded-letter",
  ]);
  const labels = [`path ${trick}`];
  const as = (tricked: string): Tricked => ({ path: tricked, labels });
  switch (trick) {
    case "lower":
      return as(path.toLowerCase());
    case "upper":
      return as(path.toUpperCase());
    case "slash":
      return as(`${path}/`);
    case "double-slash":
      return as(`/${path}`);
    case "data":
      return as(`${path === "/" ? "/_root" : path}.data`);
    case "root-data":
      return as("/_root.data");
    case "matrix":
      return as(`${path};x=<fz>`.replace("<fz>", "%3Cfz-0%3E"));
    // Only a slash after the first: a request target must start with "/" (workerd fails on one that does not).
    case "encoded-slash":
      return as(path.lastIndexOf("/") > 0 ? path.replace(/\/(?=[^/]*$)/, "%2F") : `${path}%2F`);
    case "dot-segment":
      return as(rng.pick([`${path}/..`, `${path}/.`, `/./${path.slice(1)}`, `/x/..${path}`, `${path}/%2e%2e/%2e%2e/etc/passwd`]));
    case "encoded-letter":
      return as(path.replace(/[A-Za-z]/, (letter) => `%${letter.charCodeAt(0).toString(16).toUpperCase()}`));
    default: {
      const payload = hostile();
      labels.push(`segment ${payload.label}`);
      return { path: `${path.replace(/\/[^/]*$/, "")}/${percentEncode(payload.value)}`, labels, marker: payload.marker };
    }
  }
}
