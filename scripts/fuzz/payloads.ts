// Hostile values, and plausible ones for the other fields of the same form (so a request gets past the
// fields it does not attack and reaches deeper code). Everything is drawn from the run's seeded Rng.
//
// HTML payloads carry a numbered marker (fz<n>). checks.ts looks for the raw, unescaped forms below in
// every HTML answer, the request's own and all later ones (so a value stored now and shown later is
// caught too): React escapes text and attributes, so a raw hit is always a real bug.
import { hostileImage, type HostileSource } from "./files";
import type { OrderFixture } from "./params";
import { orderHostile, orderQueryHostile, plausibleOrderQuery, plausibleOrderValue, type OrderContext } from "./payloads-orders";
import type { Rng } from "./prng";
import type { FieldKind, QueryKind } from "./surface";
import { bytes, encoded, text, utf8, type FilePayload, type Payload, type Value } from "./values";

export { describe, percentEncode, valueBytes, type FilePayload, type FileValue, type Payload, type Value } from "./values";

/** Raw (unescaped) forms of the markers: any of these in an HTML answer is a reflection. */
export const RAW_MARKER = /<(?:fz-|svg onload=fz|img src=x onerror=fz|script>fz|iframe src=javascript:fz)(\d+)/gi;
/** Attributes whose javascript: URL would run (React blocks them in href, not necessarily everywhere). */
export const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "xlink:href", "poster", "data", "srcdoc", "background"]);
/** A marker as the start of a javascript: URL (browsers ignore tabs, newlines and leading spaces there). */
export const JS_URL_MARKER = /^javascript:fz(\d+)/i;

const HTML = [
  (n: number) => `<fz-${n}>`,
  (n: number) => `"><svg onload=fz${n}>`,
  (n: number) => `'><img src=x onerror=fz${n}>`,
  (n: number) => `</script><script>fz${n}</script>`,
  (n: number) => `</textarea></title></style><fz-${n}>`,
  (n: number) => `javascript:fz${n}`,
  (n: number) => ` JaVaScRiPt:fz${n}`,
  (n: number) => `<iframe src=javascript:fz${n}>`,
  (n: number) => `<!--<fz-${n}>-->`,
  (n: number) => `x" onmouseover="fz${n}" y="<fz-${n}>`,
  (n: number) => `&lt;fz-${n}&gt;`,
  (n: number) => `\\u003cfz-${n}\\u003e`,
];
const ENCODED_HTML = [(n: number) => `%3Cfz-${n}%3E`, (n: number) => `%253Cfz-${n}%253E`, (n: number) => `%22%3E%3Csvg%20onload=fz${n}%3E`];

const SQL = [
  "' OR '1'='1",
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  "1; DELETE FROM sessions; --",
  "') UNION SELECT id, password_hash FROM accounts --",
  "%",
  "_",
  "%' OR email LIKE '%",
  "\\'",
  "' || (SELECT sqlite_version()) || '",
  "?",
  "?1",
  ":name",
  "$1",
  "1' AND randomblob(100000000) --",
  "' COLLATE NOCASE --",
  "`users`",
  "[users]",
];
const POSTGREST = [
  "*",
  "eq.1",
  "id.eq.1",
  "or=(role.eq.admin)",
  "and(id.gt.0,role.eq.admin)",
  "not.is.null",
  "in.(1,2,3)",
  "ilike.*admin*",
  "*,accounts(*)",
  "role=eq.admin&select=*",
  "a,b",
  '"quoted"',
  "(",
  ")",
  ")or(id.gt.0",
  "name.eq.x,id.gt.0",
  "cs.{a}",
  "fts.x",
  "is.true",
];
const PATHS = [
  "../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "....//....//etc/passwd",
  "//evil.example",
  "/\\evil.example",
  "https://evil.example/",
  "http:evil.example",
  "/.//evil.example",
  "\\\\evil.example",
  "data:text/html,x",
  "///evil.example/%2e%2e",
  "/Dashboard/../../evil",
  "@evil.example",
  "/@evil.example",
  "https:/\\evil.example",
  "\t//evil.example",
  " //evil.example",
  "//127.0.0.1.evil.example/",
  "/%",
  "/Dashboard/Profile#<fz>",
  "./Dashboard",
  "/Dashboard?x=1&redirectTo=//evil.example",
];
const ENCODED_PATHS = [
  "..%2f..%2fetc%2fpasswd",
  "%2e%2e%2f",
  "/%2F%2Fevil.example",
  "/%09/evil.example",
  "/%5Cevil.example",
  "/%2e%2e//evil.example",
  "%00",
  "/Login%00.png",
];
const CONTROL = [
  "\u0000",
  "a\u0000b",
  "\u0000admin@example.com",
  "\r\n",
  "x\r\nSet-Cookie: fz=1",
  "\u0007\u0008\u000b\u000c",
  "\u001b[31mred\u001b[0m",
  "\u007f",
  "\u0085\u2028\u2029",
  "\ufeff",
  "\ufffe\uffff",
  "\t",
  "a\u0000".repeat(64),
  "\u0001\u0002\u0003\u0004\u0005\u0006",
];
const INVALID_UTF8: Value[] = [
  bytes(0xff),
  bytes(0xfe, 0xff),
  bytes(0xc0, 0xaf),
  bytes(0xe0, 0x80, 0xaf),
  bytes(0xed, 0xa0, 0x80),
  bytes(0xf8, 0x88, 0x80, 0x80, 0x80),
  bytes(0xe0, 0xa4),
  bytes(0xc3),
  bytes(0x80),
  bytes(...utf8("ok"), 0xff, ...utf8("ok")),
  bytes(0xf4, 0x90, 0x80, 0x80),
  bytes(0x00, 0xff, 0x00),
];
const BROKEN_ESCAPES = ["%", "%%", "%zz", "%E0%A4%A", "%FF%FE", "%C0%AF", "%ED%A0%80", "%u003c", "%00", "%0d%0a", "%2", "a%", "%E0%A4", "%F0%9F%98"];
const UNICODE = [
  "аdmin@example.com",
  "admin@ехample.com",
  "ａｄｍｉｎ＠ｅｘａｍｐｌｅ．ｃｏｍ",
  "ADMIN@EXAMPLE.COM",
  "admin@example.com.",
  "İnterpreter@example.com",
  "ﬀﬁ",
  "\u212Aelvin",
  "Straße",
  "admin\u200b@example.com",
  "a\u0301\u0301\u0301",
  "Z̷̢̛͓a̸̡l̵g̴o̶",
  "👨‍👩‍👧‍👦",
  "\ud800",
  "\udfff\ud800",
  "𝓪𝓭𝓶𝓲𝓷",
  "مرحبا بالعالم",
  "翻訳者",
  "\u0130",
  "e\u0301",
  "\uFDFD",
  "\u{1F4A9}".repeat(40),
];
const RTL = ["\u202Egnp.exe\u202C", "\u202Bfz\u202C", "\u2066abc\u2069", "\u200F\u200E", "admin\u202E@example.com", "\u061C", "\u202Dx\u202E\u202E\u202E"];
const EMPTY = ["", " ", "   \t\n", "\u00a0", "\u3000", "\n"];
const NUMBERS = [
  "0",
  "-1",
  "1.5",
  "1e309",
  "NaN",
  "Infinity",
  "-Infinity",
  "9007199254740993",
  "99999999999999999999999",
  "0x10",
  " 7 ",
  "+1",
  "007",
  "1,2",
  "[]",
  "{}",
  "null",
  "undefined",
  "true",
  "2147483648",
  "-0",
  "1e2",
  "٣",
  "１",
];
const PROTO = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "__defineGetter__", "valueOf"];
const EMAILISH = [
  "a@b",
  "@example.com",
  "a@",
  '"a b"@example.com',
  "a+tag@example.com",
  "a@[127.0.0.1]",
  "a@localhost",
  "a@b.c\n",
  "a@b.c, admin@example.com",
  "admin@example.com\r\nBcc: x@example.com",
  `${"a".repeat(300)}@example.com`,
  "admin@example.com ",
  " admin@example.com",
  "ADMIN@example.com",
];
const FORMAT = ["{name}", "{{7*7}}", "${7*7}", "%s%s%s%n", "{count}", "{0}", "#{7*7}", "<%= 7*7 %>"];
const LONG_SIZES = [256, 1_001, 5_001, 20_000, 65_537, 300_000, 1_100_000];

// The studio's own fields (app/domain/studio.ts): ids and versions must be positive integers, record and direction
// one of a few words, links full https URLs.
const STUDIO_NUMBERS = [
  "1.0",
  "1e0",
  "0001",
  "2147483647",
  "4294967297",
  "-2147483649",
  "1 ",
  " 1",
  "1\u0000",
  "1;2",
  "0b1",
  "99999999999999999999999999999999999999",
];
const RECORDS = ["Company", "services", "users", "accounts", "company ", "content_versions", "__proto__", "", "company,about", "sqlite_master"];
const DIRECTIONS = ["UP", "Down", "left", "up ", "0", "-1", "top", "bottom", ""];
const LINKS: ((n: number) => string)[] = [
  () => "http://www.facebook.com/push",
  () => "https://localhost",
  () => "https://",
  () => "//www.facebook.com/push",
  () => "www.facebook.com/push",
  (n) => `javascript:fz${n}`,
  (n) => ` JaVaScRiPt:fz${n}`,
  (n) => `javascript://www.facebook.com/%0Afz${n}`,
  (n) => `data:text/html,<fz-${n}>`,
  (n) => `https://www.facebook.com/"><fz-${n}>`,
  (n) => `https://www.facebook.com/<fz-${n}>`,
  (n) => `https://evil.example/'onmouseover='fz${n}`,
  () => "https://user:pass@evil.example/",
  () => "https://evil.example:99999/",
  () => "ftp://files.example.com/",
  () => "https:\\\\evil.example",
  () => `https://www.facebook.com/${"a".repeat(300)}`,
  () => "https://xn--80ak6aa92e.com/",
  () => "https://www.facebook.com/\u202Egnp.exe",
];

/** The categories that are one pick from a list: sent as text, or as bytes already percent-encoded. */
const SENT_AS_TEXT: Record<string, readonly string[]> = {
  sql: SQL,
  postgrest: POSTGREST,
  path: PATHS,
  control: CONTROL,
  unicode: UNICODE,
  rtl: RTL,
  empty: EMPTY,
  number: NUMBERS,
  proto: PROTO,
  format: FORMAT,
  emailish: EMAILISH,
};
const SENT_ENCODED: Record<string, readonly string[]> = { "path-encoded": ENCODED_PATHS, "broken-escape": BROKEN_ESCAPES };

export class Payloads implements HostileSource {
  private markers = 0;
  constructor(readonly rng: Rng) {}

  /** Markers numbered from 1 (0 is reserved for the surface's own static paths). */
  marker(): number {
    return ++this.markers;
  }

  get markerCount(): number {
    return this.markers;
  }

  /**
   * One hostile value of any category. `maxLength` caps the long ones where the HTTP layer has its own
   * limits (URLs, headers: Cloudflare refuses URLs over 16 KB and headers over 32 KB before any worker runs).
   */
  hostile(maxLength = Infinity): Payload {
    const { rng } = this;
    const category = rng.weighted<string>([
      [6, "html"],
      [2, "html-encoded"],
      [3, "sql"],
      [2, "postgrest"],
      [3, "path"],
      [1, "path-encoded"],
      [3, "control"],
      [3, "invalid-utf8"],
      [2, "broken-escape"],
      [3, "unicode"],
      [2, "rtl"],
      [2, "empty"],
      [2, "long"],
      [2, "number"],
      [1, "proto"],
      [1, "format"],
      [1, "emailish"],
    ]);
    if (category === "html") return this.markup();
    if (category === "html-encoded") {
      const n = this.marker();
      return { value: encoded(rng.pick(ENCODED_HTML)(n)), label: category, marker: n };
    }
    if (category === "long") return this.long(maxLength);
    if (category === "invalid-utf8") return { value: rng.pick(INVALID_UTF8), label: category };
    if (category in SENT_ENCODED) return { value: encoded(rng.pick(SENT_ENCODED[category]!)), label: category };
    return { value: text(rng.pick(SENT_AS_TEXT[category]!)), label: category };
  }

  /** Markup with a marker: what must come out escaped wherever it is shown. */
  markup(): Payload {
    const n = this.marker();
    return { value: text(this.rng.pick(HTML)(n)), label: "html", marker: n };
  }

  /** A very long value; some end in a marker, to see that long input is still escaped. */
  long(maxLength = Infinity): Payload {
    const { rng } = this;
    const sizes = LONG_SIZES.filter((size) => size <= maxLength);
    const size = rng.weighted(sizes.map((value, i) => [sizes.length - i, value] as const));
    const unit = rng.pick(["A", "é", "<", "'", "%", "翻", "\u202E", "a\u0000"]);
    if (rng.chance(0.3)) {
      const n = this.marker();
      return { value: text(unit.repeat(Math.ceil(size / unit.length)) + `<fz-${n}>`), label: `long ${size}+html`, marker: n };
    }
    return { value: text(unit.repeat(Math.ceil(size / unit.length))), label: `long ${size}` };
  }

  /**
   * A hostile value aimed at a field of this kind: what its own check has to refuse (http: and javascript: links,
   * numbers that are not positive integers, names that are not in the list), or any hostile value.
   */
  forKind(kind: FieldKind, ids?: IdPools, context: OrderContext = {}): Payload {
    const { rng } = this;
    switch (kind) {
      case "redirect":
        return rng.chance(0.6) ? this.redirect() : this.hostile();
      case "url":
        return rng.chance(0.6) ? this.link() : this.hostile();
      // An order's step from a page that showed another version: well-formed, so the step's files are stored before
      // the state machine refuses it (409), and must be deleted again.
      case "version":
        if (context.order && rng.chance(0.4)) return { value: text(String(Math.max(1, context.order.version + rng.pick([-1, 1, 2])))), label: "stale version" };
      // falls through
      case "contentId":
        return rng.chance(0.6) ? { value: text(rng.pick([...NUMBERS, ...STUDIO_NUMBERS])), label: "number" } : this.hostile();
      case "record":
        return rng.chance(0.6) ? { value: text(rng.pick(RECORDS)), label: "record" } : this.hostile();
      case "direction":
        return rng.chance(0.6) ? { value: text(rng.pick(DIRECTIONS)), label: "direction" } : this.hostile();
      case "locale":
        return rng.chance(0.5) ? { value: text(rng.pick(["fr", "AR", "en-US", "", "ar "])), label: "locale" } : this.hostile();
      case "callType":
        return rng.chance(0.5) ? { value: text(rng.pick(["VIDEO", "fax", "audio ", "video,audio", ""])), label: "call type" } : this.hostile();
      case "linkHours":
        return rng.chance(0.5) ? { value: text(rng.pick(["0", "-1", "24.0", "8760", "99999999999", "1e3", ""])), label: "hours" } : this.hostile();
      default:
        return (ids && orderHostile(kind, this, ids, context)) ?? this.hostile();
    }
  }

  /** A link the studio must refuse (not https, no host) or must show escaped (https, with markup in it). */
  link(): Payload {
    const n = this.marker();
    const value = this.rng.pick(LINKS)(n);
    return { value: text(value), label: "link", marker: value.includes(`fz${n}`) || value.includes(`fz-${n}`) ? n : undefined };
  }

  /** A hostile file part for an image input (files.ts). */
  hostileFile(): FilePayload {
    return hostileImage(this);
  }

  /** A hostile value of a query parameter: one aimed at its reader's check, or any hostile value (URL-sized). */
  forQuery(kind: QueryKind, maxLength: number): Payload {
    return kind === "redirect" && this.rng.chance(0.6) ? this.redirect() : (orderQueryHostile(kind, this.rng) ?? this.hostile(maxLength));
  }

  /** An open-redirect attempt for redirectTo-like fields. */
  redirect(): Payload {
    if (this.rng.chance(0.2)) return { value: encoded(this.rng.pick(ENCODED_PATHS)), label: "redirect-encoded" };
    if (this.rng.chance(0.15)) {
      const n = this.marker();
      return { value: text(`javascript:fz${n}`), label: "redirect-js", marker: n };
    }
    return { value: text(this.rng.pick(PATHS)), label: "redirect" };
  }
}

/** What the app's own forms would send: passes validation, so the fuzzed field is the only bad one. */
export type IdPools = {
  userIds: string[];
  languageIds: number[];
  linkIds: number[];
  messageIds: number[];
  serviceIds: number[];
  customerIds: number[];
  /** The sample interpreter's users row: the one the set-up's orders can be assigned to. */
  sampleInterpreterId: string | null;
  /** The orders the run's set-up created, one in each state (orders.ts). */
  orders: OrderFixture[];
};

/** A studio id: a service that exists at the start, or one the campaign's own create-service may have added. */
function contentId(rng: Rng, ids: IdPools): number {
  const highest = Math.max(0, ...ids.serviceIds);
  return ids.serviceIds.length && rng.chance(0.75) ? rng.pick(ids.serviceIds) : rng.int(1, highest + 6);
}

export function plausible(kind: FieldKind, rng: Rng, ids: IdPools, context: OrderContext = {}): string {
  const order = plausibleOrderValue(kind, rng, ids, context);
  if (order !== null) return order;
  const n = rng.int(1, 99_999);
  switch (kind) {
    // The sample accounts and their real password often enough that some sign-ins succeed: what happens
    // after a success (the redirect to redirectTo, a new session) is attack surface too.
    case "email":
      return rng.chance(0.45) ? rng.pick(["admin@example.com", "interpreter@example.com", "nobody@example.com"]) : `fuzz${n}@example.com`;
    case "password":
      return rng.chance(0.5) ? "ChangeMe-2025!" : `Wrong-${rng.hex(10)}`;
    case "currentPassword":
      return `Wrong-${rng.hex(10)}`;
    case "newPassword":
      return `Fuzz-${rng.hex(12)}`;
    case "role":
      return rng.pick(["admin", "interpreter"]);
    case "name":
      return `Fuzz Name ${n}`;
    case "gender":
      return rng.pick(["Female", "Male", "Other"]);
    case "phone":
      return `+1 307 555 ${String(n % 10_000).padStart(4, "0")}`;
    case "subject":
      return `Fuzz subject ${n}`;
    case "message":
      return `Fuzz message ${n}\r\nsecond line`;
    case "honeypot":
      return "";
    case "captcha":
      return rng.chance(0.5) ? "" : rng.hex(32);
    case "userId":
      return ids.userIds.length && rng.chance(0.8) ? rng.pick(ids.userIds) : `${rng.hex(8)}-${rng.hex(4)}-4${rng.hex(3)}-8${rng.hex(3)}-${rng.hex(12)}`;
    case "languageId":
      return String(ids.languageIds.length && rng.chance(0.8) ? rng.pick(ids.languageIds) : rng.int(1, 5000));
    case "linkId":
      return String(ids.linkIds.length && rng.chance(0.8) ? rng.pick(ids.linkIds) : rng.int(1, 5000));
    case "messageId":
      return String(ids.messageIds.length && rng.chance(0.8) ? rng.pick(ids.messageIds) : rng.int(1, 5000));
    case "token":
      return rng.hex(rng.pick([8, 43, 64]));
    case "redirect":
      return rng.pick(["/Dashboard", "/Dashboard/Profile", "/Dashboard/Inbox?delete=1", ""]);
    case "title":
      return `Fuzz title ${n}`;
    case "description":
      return rng.pick([`Fuzz description ${n}.`, `Fuzz description ${n}\r\nsecond line`]);
    case "address":
      return `${n % 1000} Fuzz Street, Cheyenne, WY`;
    case "url":
      return rng.pick(["", `https://www.facebook.com/fuzz${n}`, `https://www.linkedin.com/company/fuzz-${n}`, `https://instagram.com/fuzz${n}`]);
    case "alt":
      return `Fuzz alt text ${n}`;
    // Versions start at 1 and grow by one a save: small numbers, so some saves name the current one and succeed
    // (a stale one is a 409, itself a rejection that must write nothing). An order's form names the version the
    // set-up left it at, as its page would show.
    case "version":
      if (context.order && rng.chance(0.6)) return String(context.order.version);
      return String(
        rng.weighted([
          [6, 1],
          [4, 2],
          [3, 3],
          [2, 4],
          [1, 5],
          [1, 6],
        ]),
      );
    case "direction":
      return rng.pick(["up", "down"]);
    case "record":
      return rng.weighted([
        [2, "company"],
        [2, "about"],
        [3, "service"],
      ]);
    case "contentId":
      return String(contentId(rng, ids));
    // The file part's own value (bytes, name, type) comes from files.ts; this is what a text part holds.
    case "imageFile":
      return "";
    case "locale":
      return rng.pick(["en", "ar"]);
    case "callType":
      return rng.pick(["video", "audio"]);
    case "linkHours":
      return rng.pick(["1", "24", "168"]);
    default:
      throw new Error(`payloads.ts has no plausible value of kind ${kind}`);
  }
}

/** A plausible value of a query parameter (hostile ones come from Payloads.hostile). */
export function plausibleQuery(kind: QueryKind, rng: Rng, ids: IdPools): string {
  const order = plausibleOrderQuery(kind, rng, ids);
  if (order !== null) return order;
  switch (kind) {
    case "page":
      return String(rng.int(1, 4));
    case "sort":
      return rng.pick(["name", "email"]);
    case "direction":
      return rng.pick(["asc", "desc"]);
    case "search":
      return rng.pick(["a", "Linh", "307", "example.com", "zzz"]);
    case "rowId":
      return rng.chance(0.5) && ids.userIds.length ? rng.pick(ids.userIds) : String(rng.int(1, 30));
    case "contentId":
      return String(contentId(rng, ids));
    case "numericList":
      return String(rng.int(1, 8));
    case "redirect":
      return plausible("redirect", rng, ids);
    case "token":
      return rng.hex(43);
    // Well-formed, never signed here: the page says the link is not valid.
    case "callLink":
      return `${btoa(JSON.stringify({ n: `Fuzz ${rng.int(1, 999)}`, l: rng.int(1, 9), t: "video", e: Date.now() + 3_600_000 })).replace(/=+$/, "")}.${rng.hex(43)}`;
    case "routeIds":
      return rng.pick(["root", "routes/dashboard/layout", "routes/dashboard/interpreters", "routes/public/layout,root"]);
    case "flag":
      return "";
    default:
      throw new Error(`payloads.ts has no plausible query value of kind ${kind}`);
  }
}
