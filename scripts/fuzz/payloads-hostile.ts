// The hostile values themselves, by category: markup, SQL and PostgREST syntax, paths, control characters, broken
// UTF-8 and escapes, look-alike Unicode, right-to-left marks, blanks, numbers, prototype names, e-mail-like and
// template strings, and the studio's own fields' near misses. payloads.ts draws from them with the run's Rng.
//
// HTML payloads carry a numbered marker (fz<n>). checks.ts looks for the raw, unescaped forms below in
// every HTML answer, the request's own and all later ones (so a value stored now and shown later is
// caught too): React escapes text and attributes, so a raw hit is always a real bug.
import { bytes, utf8, type Value } from "./values";

/** Raw (unescaped) forms of the markers: any of these in an HTML answer is a reflection. */
export const RAW_MARKER = /<(?:fz-|svg onload=fz|img src=x onerror=fz|script>fz|iframe src=javascript:fz)(\d+)/gi;
/** Attributes whose javascript: URL would run (React blocks them in href, not necessarily everywhere). */
export const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "xlink:href", "poster", "data", "srcdoc", "background"]);
/** A marker as the start of a javascript: URL (browsers ignore tabs, newlines and leading spaces there). */
export const JS_URL_MARKER = /^javascript:fz(\d+)/i;

export const HTML = [
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
export const ENCODED_HTML = [(n: number) => `%3Cfz-${n}%3E`, (n: number) => `%253Cfz-${n}%253E`, (n: number) => `%22%3E%3Csvg%20onload=fz${n}%3E`];

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
export const PATHS = [
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
export const ENCODED_PATHS = [
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
export const INVALID_UTF8: Value[] = [
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
export const NUMBERS = [
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
export const LONG_SIZES = [256, 1_001, 5_001, 20_000, 65_537, 300_000, 1_100_000];

// The studio's own fields (app/domain/studio.ts): ids and versions must be positive integers, record and direction
// one of a few words, links full https URLs.
export const STUDIO_NUMBERS = [
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
export const RECORDS = ["Company", "services", "users", "accounts", "company ", "content_versions", "__proto__", "", "company,about", "sqlite_master"];
export const DIRECTIONS = ["UP", "Down", "left", "up ", "0", "-1", "top", "bottom", ""];
export const LINKS: ((n: number) => string)[] = [
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
export const SENT_AS_TEXT: Record<string, readonly string[]> = {
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
export const SENT_ENCODED: Record<string, readonly string[]> = { "path-encoded": ENCODED_PATHS, "broken-escape": BROKEN_ESCAPES };
