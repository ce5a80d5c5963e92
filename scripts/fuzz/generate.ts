// Turns the surface into requests. First a sweep (every form, page path and query parameter × every role,
// one hostile twist each), so coverage never depends on luck; then random requests to the requested count.
// Requests depend only on the seed and the id pools read at start, never on earlier answers, so the
// same seed sends the same sequence (and `--only N` can replay request N).
import { buildBody, type Field } from "./bodies";
import { hostileCookie, type CookieJar } from "./cookies";
import { acceptHeader, clientIp, mediaHeaders, miscHeaders, originHeaders } from "./headers";
import { Payloads, percentEncode, plausible, plausibleFile, plausibleQuery, type FilePayload, type IdPools, type Payload, type Value } from "./payloads";
import type { Rng } from "./prng";
import { FORMS, PAGES, ROLES, ROUTER_QUERY, type FormEntry, type PageEntry, type Role } from "./surface";

export type RequestSpec = {
  index: number;
  role: Role;
  method: string;
  /** The request target: path and query, percent-encoded as sent. */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Which surface entry this exercises, e.g. "form /Dashboard/Language intent=create". */
  surface: string;
  /** What is hostile about it. */
  labels: string[];
  /** Markers (payloads.ts) this request plants. */
  markers: number[];
  /** Carries the role's real session cookie unchanged. */
  realSession: boolean;
  /** Aimed at a form whose success leaves work running after the answer (surface.ts `background`). */
  background: boolean;
  /** Aimed at a form whose action stores or deletes files in the R2 bucket (surface.ts `media`). */
  media: boolean;
};

type Item = { kind: "form"; form: FormEntry } | { kind: "page"; page: PageEntry; path: string; focus?: string };
export type Sessions = Record<Exclude<Role, "anonymous">, CookieJar> & { anonymous: CookieJar };

const text = (value: string): Value => ({ kind: "text", text: value });
/** Longest hostile value put into a URL (up to 9 bytes a character once percent-encoded). */
const URL_MAX = 1_001;

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
        : { item: this.randomItem(), role: rng.weighted<Role>([[3, "anonymous"], [3, "interpreter"], [4, "admin"]]) };
    const spec: RequestSpec = { index, role, method: "GET", target: "/", headers: {}, surface: surfaceLabel(item), labels: [], markers: [], realSession: false, background: false, media: false };
    const plant = (payload: Payload) => {
      if (payload.marker !== undefined) spec.markers.push(payload.marker);
      return payload;
    };

    // Who: the role's real session most of the time, otherwise a forged, expired, tampered … cookie.
    const jar = sessions[role];
    if (rng.chance(role === "anonymous" ? 0.3 : 0.2)) {
      const cookie = hostileCookie(rng, this.payloads, jar);
      if (cookie.header !== undefined) spec.headers.Cookie = cookie.header;
      if (cookie.marker !== undefined) spec.markers.push(cookie.marker);
      spec.labels.push(`cookie ${cookie.label}`);
    } else if (jar.real) {
      spec.headers.Cookie = jar.real;
      spec.realSession = true;
    }
    const ip = clientIp(rng, this.payloads);
    if (ip.value !== undefined) spec.headers["CF-Connecting-IP"] = ip.value;
    if (ip.label) spec.labels.push(ip.label);
    if (rng.chance(0.08)) {
      const misc = miscHeaders(rng, this.payloads);
      Object.assign(spec.headers, misc.headers);
      spec.labels.push(misc.label);
      if (misc.marker !== undefined) spec.markers.push(misc.marker);
    }

    if (item.kind === "form") this.formRequest(spec, item.form, plant);
    else this.pageRequest(spec, item.page, item.path, item.focus, plant);
    return spec;
  }

  private randomItem(): Item {
    const { rng } = this;
    if (rng.chance(0.6)) return { kind: "form", form: rng.pick(FORMS) };
    // Pages whose loaders read query parameters get more of the random requests, one share per parameter.
    const page = rng.weighted(PAGES.map((entry) => [1 + Object.keys(entry.query ?? {}).length, entry] as const));
    const keys = Object.keys(page.query ?? {});
    return { kind: "page", page, path: rng.pick(page.paths), focus: keys.length && rng.chance(0.7) ? rng.pick(keys) : undefined };
  }

  private formRequest(spec: RequestSpec, form: FormEntry, plant: (payload: Payload) => Payload): void {
    const { rng } = this;
    spec.method = rng.chance(0.92) ? "POST" : rng.pick(["PUT", "PATCH", "DELETE"]);
    if (spec.method !== "POST") spec.labels.push(`method ${spec.method}`);
    // A file input holds a file (none chosen, or a small real image); everything else text.
    const fileField = (name: string, payload: FilePayload): Field => {
      if (payload.marker !== undefined) spec.markers.push(payload.marker);
      return { name: text(name), value: text(""), file: payload.file };
    };
    const fields: Field[] = Object.entries(form.fields).map(([name, kind]) =>
      kind === "imageFile" ? fileField(name, plausibleFile(rng)) : { name: text(name), value: text(plausible(kind, rng, this.ids)) },
    );
    if (form.intent) fields.push({ name: text("intent"), value: text(form.intent) });
    spec.background = form.background === true;
    spec.media = form.media === true;
    const kindOf = (name: string) => (Object.hasOwn(form.fields, name) ? form.fields[name] : undefined);
    // Ids come from run.ts's pools, which leave out the two sample accounts: an update or delete of those
    // would end the sessions the campaign runs on. (Signing them out is fine: run.ts signs in again.)

    const twists = rng.int(1, 3);
    for (let i = 0; i < twists; i++) {
      const twist = rng.weighted<string>([
        [fields.length ? 10 : 0, "hostile-value"], [2, "hostile-name"], [fields.length ? 3 : 0, "duplicate"], [fields.length ? 2 : 0, "drop"],
        [form.intent ? 2 : 0, "other-intent"], [1, "many-fields"], [form.multipart && fields.length ? 2 : 0, "swap-part"],
      ]);
      const at = rng.int(0, Math.max(0, fields.length - 1));
      const fieldName = fields[at] && fields[at]!.name.kind !== "bytes" ? fields[at]!.name.text : "";
      switch (twist) {
        case "hostile-value": {
          const kind = kindOf(fieldName);
          if (kind === "imageFile" && fields[at]!.file) {
            const file = this.payloads.hostileFile();
            fields[at] = fileField(fieldName, file);
            spec.labels.push(`${fieldName}: ${file.label}`);
            break;
          }
          const payload = plant(kind ? this.payloads.forKind(kind) : this.payloads.hostile());
          fields[at] = { name: fields[at]!.name, value: payload.value };
          spec.labels.push(`${fieldName}: ${payload.label}`);
          break;
        }
        case "swap-part": {
          // A text field sent as a file part (the action reads a File where it expects text), or a file input as text.
          const field = fields[at]!;
          if (field.file) {
            const value = rng.chance(0.5) ? text(rng.pick(["photo.png", "Services/legal-interpreting.webp", "../Home/homecover.webp", ""])) : plant(this.payloads.hostile()).value;
            fields[at] = { name: field.name, value };
            spec.labels.push(`${fieldName} as text`);
          } else {
            const bytes = rng.chance(0.5) ? field.value : plant(this.payloads.hostile()).value;
            fields[at] = { name: field.name, value: field.value, file: { bytes, filename: text(rng.pick(["x.txt", "photo.png", ""])), contentType: rng.pick(["text/plain", "image/png", undefined]) } };
            spec.labels.push(`${fieldName} as a file`);
          }
          break;
        }
        case "hostile-name": {
          const name = plant(this.payloads.hostile());
          const value = plant(this.payloads.hostile());
          fields.push({ name: name.value, value: value.value });
          spec.labels.push(`extra field named ${name.label}`);
          break;
        }
        case "duplicate": {
          const original = fields[at]!;
          let copy: Field;
          if (original.file) copy = fileField(fieldName, rng.chance(0.5) ? this.payloads.hostileFile() : plausibleFile(rng));
          else copy = { name: original.name, value: rng.chance(0.5) ? plant(this.payloads.hostile()).value : text(plausible(kindOf(fieldName) ?? "name", rng, this.ids)) };
          fields.splice(rng.chance(0.5) ? at : fields.length, 0, copy);
          spec.labels.push(`duplicated ${fieldName}`);
          break;
        }
        case "drop":
          fields.splice(at, 1);
          spec.labels.push(`missing ${fieldName}`);
          break;
        case "other-intent": {
          const others = FORMS.filter((other) => other.path === form.path && other.intent).map((other) => other.intent!);
          const value = rng.chance(0.6) ? text(rng.pick([...others, "", "CREATE", "create ", "__proto__", "hasOwnProperty", "toString"])) : plant(this.payloads.hostile()).value;
          fields.push({ name: text("intent"), value });
          spec.labels.push("second intent");
          break;
        }
        default:
          for (let n = 0; n < 2000; n++) fields.push({ name: text(`f${n}`), value: text("x") });
          spec.labels.push("2000 extra fields");
      }
    }

    const body = buildBody(rng, fields, form.multipart === true);
    spec.body = body.bytes;
    if (body.contentType !== undefined) spec.headers["Content-Type"] = body.contentType;
    spec.labels.push(`body ${body.label}`);
    const origin = originHeaders(rng, this.origin);
    Object.assign(spec.headers, origin.headers);
    if (origin.label) spec.labels.push(origin.label);
    const accept = acceptHeader(rng, form.json === true);
    if (accept) spec.headers.Accept = accept;
    spec.target = this.trickPath(spec, form.path, 0.08);
  }

  private pageRequest(spec: RequestSpec, page: PageEntry, path: string, focus: string | undefined, plant: (payload: Payload) => Payload): void {
    const { rng } = this;
    spec.method = rng.weighted<string>([[86, "GET"], [5, "HEAD"], [5, "POST"], [2, "OPTIONS"], [2, "DELETE"]]);
    if (spec.method !== "GET") spec.labels.push(`method ${spec.method}`);
    const query: string[] = [];
    for (const [name, kind] of Object.entries(page.query ?? {})) {
      if (name !== focus && !rng.chance(0.3)) continue;
      const count = rng.chance(0.1) ? rng.int(2, 3) : 1;
      for (let i = 0; i < count; i++) {
        if (name === focus || rng.chance(0.3)) {
          const payload = plant(kind === "redirect" && rng.chance(0.6) ? this.payloads.redirect() : this.payloads.hostile(URL_MAX));
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
      query.push(`${name}=${rng.chance(0.5) ? encodeURIComponent(plausibleQuery(kind, rng, this.ids)) : percentEncode(plant(this.payloads.hostile(URL_MAX)).value)}`);
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
    const trickable = path.includes("/media/") || path.startsWith("/call-room/") || page.route.endsWith("*") ? 0.25 : 0.1;
    spec.target = this.trickPath(spec, path, trickable) + (query.length ? `?${query.join("&")}` : "");
  }

  /** Sometimes the same path spelled differently, or with a hostile last segment. */
  private trickPath(spec: RequestSpec, path: string, probability: number): string {
    const { rng } = this;
    if (!rng.chance(probability)) return path;
    const trick = rng.pick(["lower", "upper", "slash", "double-slash", "data", "root-data", "matrix", "encoded-slash", "dot-segment", "segment", "encoded-letter"]);
    spec.labels.push(`path ${trick}`);
    switch (trick) {
      case "lower": return path.toLowerCase();
      case "upper": return path.toUpperCase();
      case "slash": return `${path}/`;
      case "double-slash": return `/${path}`;
      case "data": return `${path === "/" ? "/_root" : path}.data`;
      case "root-data": return "/_root.data";
      case "matrix": return `${path};x=<fz>`.replace("<fz>", "%3Cfz-0%3E");
      // Only a slash after the first: a request target must start with "/" (workerd fails on one that does not).
      case "encoded-slash": return path.lastIndexOf("/") > 0 ? path.replace(/\/(?=[^/]*$)/, "%2F") : `${path}%2F`;
      case "dot-segment": return rng.pick([`${path}/..`, `${path}/.`, `/./${path.slice(1)}`, `/x/..${path}`, `${path}/%2e%2e/%2e%2e/etc/passwd`]);
      case "encoded-letter": return path.replace(/[A-Za-z]/, (letter) => `%${letter.charCodeAt(0).toString(16).toUpperCase()}`);
      default: {
        const payload = this.payloads.hostile(URL_MAX);
        if (payload.marker !== undefined) spec.markers.push(payload.marker);
        spec.labels.push(`segment ${payload.label}`);
        return `${path.replace(/\/[^/]*$/, "")}/${percentEncode(payload.value)}`;
      }
    }
  }
}
