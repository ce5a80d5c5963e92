// Turns the surface into requests. First a sweep (every form, page path and query parameter × every role,
// one hostile twist each), so coverage never depends on luck; then random requests to the requested count.
// Form requests are made by form-request.ts; a share of them is focused (at most one hostile value, sent as the
// form's page sends it), so the actions' deeper checks and their successes are reached too.
// Requests depend only on the seed and the id pools read at start, never on earlier answers, so the
// same seed sends the same sequence (and `--only N` can replay request N).
import { hostileCookie, type CookieJar } from "./cookies";
import { formRequest } from "./form-request";
import { stripeEventRequest } from "./stripe-events";
import { acceptHeader, clientIp, mediaHeaders, miscHeaders } from "./headers";
import { fillPath, trickPath, type IdPools } from "./params";
import { Payloads, percentEncode, type Payload } from "./payloads";
import { plausibleQuery } from "./payloads-plausible";
import type { Rng } from "./prng";
import { PAGES, ROUTER_QUERY } from "./surface";
import { FORMS } from "./surface-forms";
import type { RequestSpec } from "./request-spec";
import { ROLES, type FormEntry, type PageEntry, type Role } from "./surface-kinds";

type Item = { kind: "form"; form: FormEntry } | { kind: "page"; page: PageEntry; path: string; focus?: string };
export type Sessions = Record<Exclude<Role, "anonymous">, CookieJar> & { anonymous: CookieJar };

/** Longest hostile value put into a URL (up to 9 bytes a character once percent-encoded). */
const URL_MAX = 1_001;
/** The share of form requests that are focused (form-request.ts). */
const FOCUSED = 0.25;

export function surfaceLabel(item: Item): string {
  return item.kind === "form"
    ? `form ${item.form.path}${item.form.intent ? ` intent=${item.form.intent}` : ""}`
    : `page ${item.page.route}${item.focus ? ` ?${item.focus}` : ""}`;
}

/** The sweep: each form, page path and query parameter once per role. */
export function sweepItems(): { item: Item; role: Role }[] {
  const items: Item[] = [
    ...FORMS.map((form) => ({ kind: "form" as const, form })),
    ...PAGES.flatMap((page) => page.paths.map((path) => ({ kind: "page" as const, page, path }))),
    ...PAGES.flatMap((page) => Object.keys(page.query ?? {}).map((focus) => ({ kind: "page" as const, page, path: page.paths[0]!, focus }))),
  ];
  return items.flatMap((item) => ROLES.map((role) => ({ item, role })));
}

export class RequestGenerator {
  readonly payloads: Payloads;
  private readonly sweep = sweepItems();

  constructor(
    private readonly rng: Rng,
    private readonly origin: string,
    private readonly ids: IdPools,
  ) {
    this.payloads = new Payloads(rng);
  }

  get sweepSize(): number {
    return this.sweep.length;
  }

  /** Request number `index` (0-based); `sessions` are the current cookies of each role. */
  next(index: number, sessions: Sessions): RequestSpec {
    const { rng } = this;
    const { item, role } =
      index < this.sweep.length
        ? this.sweep[index]!
        : {
            item: this.randomItem(),
            role: rng.weighted<Role>([
              [3, "anonymous"],
              [3, "interpreter"],
              [4, "admin"],
              [2, "requester"],
            ]),
          };
    const spec: RequestSpec = {
      index,
      role,
      method: "GET",
      target: "/",
      headers: {},
      surface: surfaceLabel(item),
      labels: [],
      markers: [],
      realSession: false,
      background: false,
      bucket: null,
    };
    const plant = (payload: Payload) => {
      if (payload.marker !== undefined) spec.markers.push(payload.marker);
      return payload;
    };
    const focused = item.kind === "form" && rng.chance(FOCUSED);

    // Who: the role's real session most of the time, otherwise a forged, expired, tampered … cookie.
    const jar = sessions[role];
    if (!focused && rng.chance(role === "anonymous" ? 0.3 : 0.2)) {
      const cookie = hostileCookie(rng, this.payloads, jar);
      if (cookie.header !== undefined) spec.headers.Cookie = cookie.header;
      if (cookie.marker !== undefined) spec.markers.push(cookie.marker);
      spec.labels.push(`cookie ${cookie.label}`);
    } else if (jar.real) {
      spec.headers.Cookie = jar.real;
      spec.realSession = true;
    }
    // A focused request comes from an address of its own, as a visitor's browser would.
    const ip = focused ? { value: `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}` } : clientIp(rng, this.payloads);
    if (ip.value !== undefined) spec.headers["CF-Connecting-IP"] = ip.value;
    if ("label" in ip && ip.label) spec.labels.push(ip.label);
    if (!focused && rng.chance(0.08)) {
      const misc = miscHeaders(rng, this.payloads);
      Object.assign(spec.headers, misc.headers);
      spec.labels.push(misc.label);
      if (misc.marker !== undefined) spec.markers.push(misc.marker);
    }

    const trick = (target: RequestSpec, path: string, probability: number) => this.trick(target, path, probability);
    const kit = { rng, payloads: this.payloads, ids: this.ids, origin: this.origin, plant, trick, focused };
    if (item.kind === "form" && item.form.stripeEvent) stripeEventRequest(spec, item.form.path, kit);
    else if (item.kind === "form") formRequest(spec, item.form, kit);
    else this.pageRequest(spec, item.page, item.path, item.focus, plant);
    return spec;
  }

  private randomItem(): Item {
    const { rng } = this;
    // Forms with more fields get more of the random requests: one share, and one more for every three fields. Stripe's
    // webhook has no fields but an event's many parts (its body, signature, type), varied by stripe-events.ts: four.
    const formShares = (form: FormEntry) => (form.stripeEvent ? 4 : 1 + Object.keys(form.fields).length / 3);
    if (rng.chance(0.6)) return { kind: "form", form: rng.weighted(FORMS.map((form) => [formShares(form), form] as const)) };
    // Pages whose loaders read query parameters get more of the random requests, one share per parameter; pages of
    // what the run stores (an order, its status page, a customer: paths with placeholders) two more, so a value
    // stored by one request is shown to a later one.
    const shares = (entry: PageEntry) => 1 + Object.keys(entry.query ?? {}).length + (entry.paths.some((path) => path.includes("{")) ? 2 : 0);
    const page = rng.weighted(PAGES.map((entry) => [shares(entry), entry] as const));
    const keys = Object.keys(page.query ?? {});
    return { kind: "page", page, path: rng.pick(page.paths), focus: keys.length && rng.chance(0.7) ? rng.pick(keys) : undefined };
  }

  private pageRequest(spec: RequestSpec, page: PageEntry, path: string, focus: string | undefined, plant: (payload: Payload) => Payload): void {
    const { rng } = this;
    const filled = fillPath(path, rng, this.ids);
    spec.method = rng.weighted<string>([
      [86, "GET"],
      [5, "HEAD"],
      [5, "POST"],
      [2, "OPTIONS"],
      [2, "DELETE"],
    ]);
    if (spec.method !== "GET") spec.labels.push(`method ${spec.method}`);
    const query: string[] = [];
    for (const [name, kind] of Object.entries(page.query ?? {})) {
      if (name !== focus && !rng.chance(0.3)) continue;
      const count = rng.chance(0.1) ? rng.int(2, 3) : 1;
      for (let i = 0; i < count; i++) {
        if (name === focus || rng.chance(0.3)) {
          const payload = plant(this.payloads.forQuery(kind, URL_MAX));
          query.push(`${name}=${percentEncode(payload.value)}`);
          spec.labels.push(`?${name}: ${payload.label}`);
        } else {
          query.push(`${name}=${encodeURIComponent(plausibleQuery(kind, rng, this.ids))}`);
        }
      }
      if (count > 1) spec.labels.push(`?${name} ×${count}`);
    }
    if (rng.chance(0.06)) {
      const [name, kind] = rng.pick(Object.entries(ROUTER_QUERY));
      query.push(
        `${name}=${rng.chance(0.5) ? encodeURIComponent(plausibleQuery(kind, rng, this.ids)) : percentEncode(plant(this.payloads.hostile(URL_MAX)).value)}`,
      );
      spec.labels.push(`?${name}`);
    }
    if (rng.chance(0.05)) {
      const name = plant(this.payloads.hostile(URL_MAX));
      query.push(`${percentEncode(name.value)}=${percentEncode(plant(this.payloads.hostile(URL_MAX)).value)}`);
      spec.labels.push(`query name ${name.label}`);
    }
    if (page.route === "/media/" && rng.chance(0.4)) {
      const media = mediaHeaders(rng, this.payloads);
      Object.assign(spec.headers, media.headers);
      spec.labels.push(media.label);
    }
    if (spec.method === "POST") {
      spec.body = Buffer.from("intent=probe&x=1");
      spec.headers["Content-Type"] = "application/x-www-form-urlencoded";
      spec.headers.Origin = this.origin;
    }
    const accept = acceptHeader(rng, false);
    if (accept) spec.headers.Accept = accept;
    const trickable = path.includes("/media/") || path.startsWith("/call-room/") || page.route.endsWith("*") || page.route.includes("/:") ? 0.25 : 0.1;
    spec.target = this.trick(spec, filled.path, trickable) + (query.length ? `?${query.join("&")}` : "");
  }

  /** Sometimes the same path spelled differently, or with a hostile last segment (params.ts). */
  private trick(spec: RequestSpec, path: string, probability: number): string {
    const tricked = trickPath(this.rng, () => this.payloads.hostile(URL_MAX), path, probability);
    spec.labels.push(...tricked.labels);
    if (tricked.marker !== undefined) spec.markers.push(tricked.marker);
    return tricked.path;
  }
}
