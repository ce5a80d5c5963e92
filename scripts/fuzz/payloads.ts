// Hostile values, drawn from the run's seeded Rng: any category of payloads-hostile.ts, or one aimed at a field's
// own check. The other fields of the same form get plausible values (payloads-plausible.ts), so a request gets past
// the fields it does not attack and reaches deeper code.
import { hostileImage, type HostileSource } from "./files";
import type { IdPools } from "./params";
import { appointmentHostile } from "./payloads-appointments";
import { recordHostile } from "./payloads-records";
import { invoiceHostile, reportMonthHostile } from "./payloads-invoices";
import { rateHostile } from "./payloads-rates";
import { ratingHostile } from "./payloads-ratings";
import { availabilityHostile } from "./payloads-availability";
import { orderHostile, orderQueryHostile, type OrderContext } from "./payloads-orders";
import {
  DIRECTIONS,
  ENCODED_HTML,
  ENCODED_PATHS,
  HTML,
  INVALID_UTF8,
  LINKS,
  LONG_SIZES,
  NUMBERS,
  PATHS,
  RECORDS,
  SENT_AS_TEXT,
  SENT_ENCODED,
  STUDIO_NUMBERS,
} from "./payloads-hostile";
import type { Rng } from "./prng";
import type { FieldKind, QueryKind } from "./surface-kinds";
import { encoded, text, type FilePayload, type Payload } from "./values";

export { describe, percentEncode, valueBytes, type FilePayload, type FileValue, type Payload, type Value } from "./values";

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
        if ((context.order ?? context.appointment) && rng.chance(0.4)) {
          const current = (context.order ?? context.appointment)!.version;
          return { value: text(String(Math.max(1, current + rng.pick([-1, 1, 2])))), label: "stale version" };
        }
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
        return (
          (ids &&
            (orderHostile(kind, this, ids, context) ??
              appointmentHostile(kind, this) ??
              availabilityHostile(kind, this) ??
              recordHostile(kind, this) ??
              rateHostile(kind, this) ??
              invoiceHostile(kind, this) ??
              ratingHostile(kind, this))) ??
          this.hostile()
        );
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
    return kind === "redirect" && this.rng.chance(0.6)
      ? this.redirect()
      : (orderQueryHostile(kind, this.rng) ?? reportMonthHostile(kind, this.rng) ?? this.hostile(maxLength));
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
