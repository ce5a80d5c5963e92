// What each answer is checked for. The write check (row counts around a rejected request) lives in run.ts,
// which owns the database handle; everything that can be judged from the answer alone is here.
import type { RequestSpec } from "./request-spec";
import { redirectTarget, type Answer } from "./http";
import { JS_URL_MARKER, RAW_MARKER, URL_ATTRIBUTES } from "./payloads-hostile";
import { STRIPE_CHECKOUT_ORIGIN } from "./stripe-stub";

/** The surface label of Stripe's webhook (surface-invoices.ts): every event the campaign sends it is forged. */
const STRIPE_WEBHOOK = "form /api/stripe/webhook";

export type FindingKind = "server-error" | "reflected" | "open-redirect" | "write-on-rejection" | "forged-event-accepted";
export type Finding = {
  kind: FindingKind;
  spec: RequestSpec;
  answer: Answer;
  detail: string;
  excerpt?: string;
  /** The request sent just before, when it is likely part of the cause (no answer, or 503 from the proxy). */
  before?: RequestSpec;
};

/**
 * Rejected: a 4xx, or the guard's redirect to sign in (/Login?redirectTo=…, also as a single-fetch
 * redirect). Other redirects to /Login are successes (signed out, password reset) and may write.
 */
export function isRejected(answer: Answer): boolean {
  if (answer.status >= 400 && answer.status < 500) return true;
  const target = redirectTarget(answer);
  return target !== null && /^\/login\?redirectTo=/i.test(target);
}

/** Browsers treat a body without a Content-Type as whatever it looks like: checked as HTML too. */
function looksLikeHtml(answer: Answer): boolean {
  const type = answer.headers["content-type"];
  return type === undefined ? answer.body.length > 0 : /html|xml/i.test(String(type));
}

function excerptAround(text: string, at: number, length: number): string {
  return JSON.stringify(text.slice(Math.max(0, at - 80), at + length + 80));
}

const TAG = /<[a-zA-Z][^\s>/]*((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/**
 * Markers that became javascript: URLs in a URL attribute of a real tag. Attributes are parsed, not
 * grepped: an escaped payload inside another attribute's value or inside a script's JSON is harmless.
 */
function javascriptUrls(html: string): { marker: number; raw: string; at: number }[] {
  const hits: { marker: number; raw: string; at: number }[] = [];
  for (const tag of html.matchAll(TAG)) {
    for (const attribute of tag[1]!.matchAll(ATTRIBUTE)) {
      if (!URL_ATTRIBUTES.has(attribute[1]!.toLowerCase())) continue;
      const value = (attribute[2] ?? attribute[3] ?? attribute[4] ?? "").replace(/[\t\n\r]/g, "").replace(/^[\x00-\x20]+/, "");
      const match = JS_URL_MARKER.exec(value);
      if (match) hits.push({ marker: Number(match[1]), raw: tag[0].slice(0, 200), at: tag.index });
    }
  }
  return hits;
}

/**
 * @param plantedBy which request planted each marker (a stored payload may come back in a later answer); -1: the
 * run's order set-up (orders.ts).
 */
export function inspect(spec: RequestSpec, answer: Answer, origin: string, plantedBy: Map<number, number>): Finding[] {
  const findings: Finding[] = [];
  const body = answer.body.toString("utf8");

  if (answer.error || answer.status >= 500) {
    findings.push({
      kind: "server-error",
      spec,
      answer,
      detail: answer.error ? `no answer (${answer.error})` : `status ${answer.status}`,
      excerpt: JSON.stringify(body.replace(/\s+/g, " ").slice(0, 200)),
    });
  }

  if (looksLikeHtml(answer)) {
    const report = (marker: number, raw: string, at: number) => {
      const from = plantedBy.get(marker);
      const source =
        marker === 0
          ? "a path of surface.ts"
          : from === undefined
            ? "an unknown request"
            : from === -1
              ? "the order set-up"
              : from === spec.index
                ? "this request"
                : `request #${from}`;
      findings.push({
        kind: "reflected",
        spec,
        answer,
        detail: `unescaped ${JSON.stringify(raw)} (marker ${marker}, planted by ${source})`,
        excerpt: excerptAround(body, at, raw.length),
      });
    };
    // The raw form of a marker only exists if something put the payload into the page unescaped.
    const seen = new Set<number>();
    for (const match of body.matchAll(RAW_MARKER)) {
      const marker = Number(match[1]);
      if (!seen.has(marker)) report(marker, match[0], match.index);
      seen.add(marker);
    }
    for (const hit of javascriptUrls(body)) if (!seen.has(hit.marker)) report(hit.marker, hit.raw, hit.at);
  }

  // A forged event (all of the campaign's are) is refused, whatever else is wrong with it; a 2xx would mean it was read.
  if (spec.surface === STRIPE_WEBHOOK && !answer.error && (answer.status < 400 || answer.status >= 500)) {
    findings.push({ kind: "forged-event-accepted", spec, answer, detail: `status ${answer.status} for a forged event` });
  }

  const target = redirectTarget(answer);
  if (target !== null) {
    let offSite: string | null = null;
    try {
      const resolved = new URL(target, `${origin}/`);
      // "Pay now" sends the customer to Stripe's page, whose address Stripe (the run's stub) answered, not the request.
      const toCheckout = / intent=pay$/.test(spec.surface) && resolved.origin === STRIPE_CHECKOUT_ORIGIN;
      if (resolved.origin !== origin && !toCheckout) offSite = `redirects off-site to ${resolved.href}`;
      else if (!/^https?:$/.test(resolved.protocol)) offSite = `redirects to a ${resolved.protocol} URL`;
    } catch {
      offSite = "redirects to an unparsable URL";
    }
    // Browsers read "/\evil" and "//evil" as another host; `new URL` agrees for both, checked once more.
    if (!offSite && /^\s*[/\\]{2}/.test(target)) offSite = "redirects to a protocol-relative URL";
    if (offSite) findings.push({ kind: "open-redirect", spec, answer, detail: `${offSite} (Location ${JSON.stringify(shorten(target))})` });
  }
  return findings;
}

const shorten = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);
