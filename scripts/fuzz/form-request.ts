// A request to a form of surface-forms.ts: its fields with plausible values (files as file parts), one to three hostile
// twists (a hostile value aimed at a field's own check, a hostile field name, a duplicate, a missing field, a second
// intent, thousands of fields, a text field sent as a file or a file as text), encoded into a body (bodies.ts) under
// this site's Origin or another. A focused request (generate.ts decides) is sent as the form's own page sends it,
// with at most one hostile value: the field's own check is reached, not the first refusal of many, and with none
// the action succeeds (orders are made, files stored), which later requests then meet.
import { QUOTE_LIMITS } from "../../app/domain/quote-request";
import { buildBody, type Field } from "./bodies";
import { hostileDocuments, plausibleDocuments } from "./documents";
import { plausibleImage } from "./files";
import type { RequestSpec } from "./request-spec";
import { acceptHeader, originHeaders } from "./headers";
import { fillPath, type IdPools } from "./params";
import type { FilePayload, Payload, Payloads } from "./payloads";
import { plausible } from "./payloads-plausible";
import { clockChangeStart } from "./payloads-appointments";
import { crowdedDay, timeOffSpan } from "./payloads-availability";
import { tooManyTargets, type OrderContext } from "./payloads-orders";
import { FORMS } from "./surface-forms";
import type { FieldKind, FormEntry } from "./surface-kinds";
import { text } from "./values";

/** What a form request is made with: the generator's Rng (inside payloads), pools and helpers. */
export type Kit = {
  rng: Payloads["rng"];
  payloads: Payloads;
  ids: IdPools;
  origin: string;
  plant: (payload: Payload) => Payload;
  trick: (spec: RequestSpec, path: string, probability: number) => string;
  focused: boolean;
};

export function formRequest(spec: RequestSpec, form: FormEntry, kit: Kit): void {
  const { rng, payloads, ids, plant, focused } = kit;
  spec.method = focused || rng.chance(0.92) ? "POST" : rng.pick(["PUT", "PATCH", "DELETE"]);
  if (spec.method !== "POST") spec.labels.push(`method ${spec.method}`);
  // The order, token or file its path names (params.ts): a plausible basedOn is that order's version. The person an
  // availability form is about: the one the path names, or on Profile the sample interpreter's own session.
  const filled = fillPath(form.path, rng, ids);
  const ownProfile = form.route === "/Dashboard/Profile" && spec.role === "interpreter" ? (ids.sampleInterpreterId ?? undefined) : undefined;
  const context: OrderContext = { order: filled.order, appointment: filled.appointment, person: filled.person ?? ownProfile };
  // A file input holds files (none chosen, a small real image or document); everything else text.
  const fileField = (name: string, payload: FilePayload): Field => {
    if (payload.marker !== undefined) spec.markers.push(payload.marker);
    return { name: text(name), value: text(""), file: payload.file };
  };
  const fields: Field[] = Object.entries(form.fields).flatMap(([name, kind]): Field[] => {
    if (kind === "imageFile" || kind === "documents") return files(payloads, kind, false).map((file) => fileField(name, file));
    // Target languages: one to three checkboxes, chosen apart from the source (listed before them).
    const count =
      kind === "targetLanguages"
        ? rng.weighted([
            [6, 1],
            [3, 2],
            [1, 3],
          ])
        : 1;
    return Array.from({ length: count }, () => {
      const value = plausible(kind, rng, ids, context);
      if (kind === "sourceLanguage") context.source = value;
      if (kind === "calendarDay") context.day ??= value;
      if (kind === "rateSide") context.rateSide = value;
      if (kind === "rateService") context.rateService = value;
      return { name: text(name), value: text(value) };
    });
  });
  if (form.intent) fields.push({ name: text("intent"), value: text(form.intent) });
  spec.background = form.background === true;
  spec.bucket = form.bucket ?? null;
  const kindOf = (name: string) => (Object.hasOwn(form.fields, name) ? form.fields[name] : undefined);
  /** Sets a field the form has to `value` (for twists of two or more fields together). */
  const set = (field: string, value: string) => {
    const index = fields.findIndex((item) => item.name.kind !== "bytes" && item.name.text === field);
    if (index >= 0) fields[index] = { name: text(field), value: text(value) };
  };
  // Ids come from run.ts's pools, which leave out the two sample accounts: an update or delete of those
  // would end the sessions the campaign runs on. (Signing them out is fine: run.ts signs in again.)

  const twists = focused ? rng.int(0, 1) : rng.int(1, 3);
  if (focused) spec.labels.push(twists ? "focused" : "as its page sends it");
  for (let i = 0; i < twists; i++) {
    const twist = rng.weighted<string>([
      [fields.length ? 10 : 0, "hostile-value"],
      [2, "hostile-name"],
      [fields.length ? 3 : 0, "duplicate"],
      [fields.length ? 2 : 0, "drop"],
      [form.intent ? 2 : 0, "other-intent"],
      [1, "many-fields"],
      [form.multipart && fields.length ? 2 : 0, "swap-part"],
    ]);
    let at = rng.int(0, Math.max(0, fields.length - 1));
    // A file input is its form's deepest check (the bytes decide): it gets a good share of the hostile values.
    if (twist === "hostile-value" && form.multipart && rng.chance(0.3)) {
      const fileAt = fields.flatMap((field, index) => (field.file ? [index] : []));
      if (fileAt.length) at = rng.pick(fileAt);
    }
    const name = fields[at]?.name;
    const fieldName = name && name.kind !== "bytes" ? name.text : "";
    switch (twist) {
      case "hostile-value": {
        const kind = kindOf(fieldName);
        if ((kind === "imageFile" || kind === "documents") && fields[at]!.file) {
          const parts = files(payloads, kind, true);
          fields.splice(at, 1, ...parts.map((file) => fileField(fieldName, file)));
          spec.labels.push(`${fieldName}: ${parts[0]!.label}${parts.length > 1 ? ` (${parts.length} files)` : ""}`);
          break;
        }
        // Now and then one target language more than a request may name (the others are one value each).
        if (kind === "targetLanguages" && rng.chance(0.15)) {
          fields.splice(at, 1, ...tooManyTargets(ids).map((id) => ({ name: text(fieldName), value: text(id) })));
          spec.labels.push(`${fieldName}: ${QUOTE_LIMITS.targets + 1} languages`);
          break;
        }
        // Now and then a booking's start on a clock-change night: a time skipped or repeated is two fields together.
        if ((kind === "bookingDate" || kind === "bookingTime") && rng.chance(0.3)) {
          const start = clockChangeStart(rng);
          if (start) {
            set("date", start.date);
            set("time", start.time);
            set("occurrence", start.occurrence);
            spec.labels.push(start.label);
            break;
          }
        }
        // Now and then time off's two days together: reversed, longer than allowed, exactly the limit.
        if (kind === "calendarDay" && rng.chance(0.35)) {
          const span = timeOffSpan(rng);
          set("firstDay", span.firstDay);
          set("lastDay", span.lastDay);
          spec.labels.push(span.label);
          break;
        }
        // Now and then every weekday as full as its field allows (a hundred rows and more in one save), or one day
        // an interval past it.
        if (kind === "workingHours" && rng.chance(0.2)) {
          const over = rng.chance(0.3) ? fieldName : "";
          for (const [name, each] of Object.entries(form.fields)) if (each === "workingHours") set(name, crowdedDay(name === over ? 1 : 0));
          spec.labels.push(over ? `a crowded week, ${over} too long` : "a crowded week");
          break;
        }
        // A focused request's one hostile value is often markup: stored by the action's success, it must come out
        // escaped on every page that shows it later (the order's, the status page, the lists).
        const payload = plant(focused && rng.chance(0.5) ? payloads.markup() : kind ? payloads.forKind(kind, ids, context) : payloads.hostile());
        fields[at] = { name: fields[at]!.name, value: payload.value };
        spec.labels.push(`${fieldName}: ${payload.label}`);
        break;
      }
      case "swap-part": {
        // A text field sent as a file part (the action reads a File where it expects text), or a file input as text.
        const field = fields[at]!;
        if (field.file) {
          const value = rng.chance(0.5)
            ? text(rng.pick(["photo.png", "Services/legal-interpreting.webp", "../Home/homecover.webp", ""]))
            : plant(payloads.hostile()).value;
          fields[at] = { name: field.name, value };
          spec.labels.push(`${fieldName} as text`);
        } else {
          const bytes = rng.chance(0.5) ? field.value : plant(payloads.hostile()).value;
          fields[at] = {
            name: field.name,
            value: field.value,
            file: { bytes, filename: text(rng.pick(["x.txt", "photo.png", ""])), contentType: rng.pick(["text/plain", "image/png", undefined]) },
          };
          spec.labels.push(`${fieldName} as a file`);
        }
        break;
      }
      case "hostile-name": {
        const name = plant(payloads.hostile());
        const value = plant(payloads.hostile());
        fields.push({ name: name.value, value: value.value });
        spec.labels.push(`extra field named ${name.label}`);
        break;
      }
      case "duplicate": {
        const original = fields[at]!;
        let copy: Field;
        if (original.file)
          copy = fileField(fieldName, rng.pick(files(payloads, kindOf(fieldName) === "documents" ? "documents" : "imageFile", rng.chance(0.5))));
        else
          copy = {
            name: original.name,
            value: rng.chance(0.5) ? plant(payloads.hostile()).value : text(plausible(kindOf(fieldName) ?? "name", rng, ids, context)),
          };
        fields.splice(rng.chance(0.5) ? at : fields.length, 0, copy);
        spec.labels.push(`duplicated ${fieldName}`);
        break;
      }
      case "drop":
        fields.splice(at, 1);
        spec.labels.push(`missing ${fieldName}`);
        break;
      case "other-intent": {
        const others = FORMS.filter((other) => other.route === form.route && other.intent).map((other) => other.intent!);
        const value = rng.chance(0.6)
          ? text(rng.pick([...others, "", "CREATE", "create ", "__proto__", "hasOwnProperty", "toString"]))
          : plant(payloads.hostile()).value;
        fields.push({ name: text("intent"), value });
        spec.labels.push("second intent");
        break;
      }
      default:
        for (let n = 0; n < 2000; n++) fields.push({ name: text(`f${n}`), value: text("x") });
        spec.labels.push("2000 extra fields");
    }
  }

  const body = buildBody(rng, fields, form.multipart === true, focused);
  spec.body = body.bytes;
  if (body.contentType !== undefined) spec.headers["Content-Type"] = body.contentType;
  spec.labels.push(`body ${body.label}`);
  const origin = focused ? { headers: { Origin: kit.origin } } : originHeaders(rng, kit.origin);
  Object.assign(spec.headers, origin.headers);
  if ("label" in origin && origin.label) spec.labels.push(origin.label);
  const accept = acceptHeader(rng, form.json === true);
  if (accept) spec.headers.Accept = accept;
  spec.target = kit.trick(spec, filled.path, focused ? 0 : 0.08);
}

/** File parts for a file input: what a browser sends, or hostile ones (files.ts, documents.ts). */
function files(payloads: Payloads, kind: FieldKind, hostile: boolean): FilePayload[] {
  if (kind === "documents") return hostile ? hostileDocuments(payloads) : plausibleDocuments(payloads.rng);
  return [hostile ? payloads.hostileFile() : plausibleImage(payloads.rng)];
}
