// The content studio's records as staff edit them (file names, alt texts, sizes, versions), and the shared schemas
// of its forms. The public pages read the same records as `Company`, `About` and `Service` (domain/content.ts).
import { z } from "zod";
import { format, localized, type Messages } from "~/i18n";
import type { CompanyText, MediaFolder } from "./content";
import { TRANSLATABLE, TRANSLATED_LOCALES, translationField, type TranslatableKey, type Translations } from "./translations";

/** An image slot as stored: a file in one of the spec's folders, with its alt text and its pixel size. */
export type StoredImage = { file: string; alt: string | null; width: number | null; height: number | null };

export type CompanyFields = CompanyText & {
  homeCover: StoredImage | null;
  contactCover: StoredImage | null;
  translations: Translations<"company">;
};
export type AboutFields = { description: string; photoA: StoredImage | null; photoB: StoredImage | null; translations: Translations<"about"> };
export type ServiceFields = {
  title: string;
  description: string;
  photo: StoredImage | null;
  translations: Translations<"service">;
  /** The card offers a live call ("Talk to an interpreter", to /Call): an interpreting service. */
  offersCalls: boolean;
};

export type StudioRecord = "company" | "about" | "service";
export type FieldsOf<R extends StudioRecord> = { company: CompanyFields; about: AboutFields; service: ServiceFields }[R];

/** A record with the version number a save must name (optimistic concurrency: docs/decisions/0015). */
export type Versioned<F> = { id: number; version: number; fields: F };

/** One kept state of a record: what it held after the save that made `version`, who saved it and when. */
export type ContentVersion<F> = { version: number; savedBy: string | null; savedAt: string; fields: F };

/** A file of the public media store. */
export type FileRef = { folder: MediaFolder; file: string };

/**
 * `orphans`: files the save left without any record or kept version referring to them (the caller deletes them).
 * `conflict`: the record was saved by someone else since `basedOn`; `current` is what it holds now.
 */
export type SaveOutcome<F> =
  { ok: true; version: number; orphans: FileRef[] } | { ok: false; reason: "conflict"; current: Versioned<F> } | { ok: false; reason: "not-found" };

/** How many saved states of each record are kept (the issue: "its last 20 versions"). */
export const VERSIONS_KEPT = 20;

/** The image slots of each record: the form field of its file, of its alt text, and the folder it is stored in. */
export const IMAGE_SLOTS = {
  company: [
    { key: "homeCover", field: "homecover", altField: "homecover_alt", folder: "Home" },
    { key: "contactCover", field: "contactcover", altField: "contactcover_alt", folder: "Contactus" },
  ],
  about: [
    { key: "photoA", field: "photoaurl", altField: "photoa_alt", folder: "Aboutus" },
    { key: "photoB", field: "photoburl", altField: "photob_alt", folder: "Aboutus" },
  ],
  service: [{ key: "photo", field: "photourl", altField: "photo_alt", folder: "Services" }],
} as const satisfies Record<StudioRecord, readonly { key: string; field: string; altField: string; folder: MediaFolder }[]>;

export type ImageSlot<R extends StudioRecord> = (typeof IMAGE_SLOTS)[R][number];

/** Every file a record's fields refer to. */
export function filesOf<R extends StudioRecord>(record: R, fields: FieldsOf<R>): FileRef[] {
  const images = fields as unknown as Record<string, StoredImage | null>;
  return IMAGE_SLOTS[record].flatMap(({ key, folder }) => (images[key] ? [{ folder, file: images[key].file }] : []));
}

/** A record's fields as its form's inputs hold them (the names of the form fields, text values). */
export function formValuesOf<R extends StudioRecord>(record: R, fields: FieldsOf<R>): Record<string, string> {
  const values: Record<string, string> = {};
  const all = fields as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(all)) if (typeof value === "string") values[key] = value;
  if (record === "company") values.instegram = (all as Partial<CompanyText>).instagram ?? "";
  if (record === "service" && all.offersCalls === true) values.offers_calls = "on";
  for (const slot of IMAGE_SLOTS[record]) {
    const image = all[slot.key] as StoredImage | null;
    values[slot.field] = image?.file ?? "";
    values[slot.altField] = image?.alt ?? "";
  }
  delete values.instagram;
  const translations = (all.translations ?? {}) as Translations<R>;
  for (const locale of TRANSLATED_LOCALES) {
    for (const [key, field] of Object.entries(TRANSLATABLE[record]) as [TranslatableKey<R>, string][]) {
      values[translationField(field, locale)] = translations[locale]?.[key] ?? "";
    }
  }
  return values;
}

/** The other languages' texts as the form sent them (`title_ar`, …); an empty input is no translation. */
export function translationsFromForm<R extends StudioRecord>(record: R, form: Record<string, unknown>): Translations<R> {
  const result: Translations<R> = {};
  for (const locale of TRANSLATED_LOCALES) {
    const texts: Partial<Record<TranslatableKey<R>, string>> = {};
    for (const [key, field] of Object.entries(TRANSLATABLE[record]) as [TranslatableKey<R>, string][]) {
      const value = form[translationField(field, locale)];
      if (typeof value === "string" && value.trim() !== "") texts[key] = value.trim();
    }
    if (Object.keys(texts).length > 0) result[locale] = texts;
  }
  return result;
}

export const STUDIO_LIMITS = { title: 120, description: 5000, address: 300, email: 254, phone: 40, url: 300, alt: 250 } as const;

const text = (t: Messages, max: number, requiredMessage?: string) => {
  const trimmed = z
    .string()
    .trim()
    .max(max, { error: format(t.validation.tooLong, { max }) });
  return requiredMessage ? trimmed.min(1, { error: requiredMessage }) : trimmed;
};

/** Multi-line text: CRLF from browsers counts as one character, as the textarea's maxlength counts it. */
const longText = (t: Messages, max: number, requiredMessage?: string) =>
  z.preprocess((value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value), text(t, max, requiredMessage));

/** An optional link: empty means none; anything else must be a full https URL. */
const httpsLink = (t: Messages) =>
  z
    .string()
    .trim()
    .max(STUDIO_LIMITS.url, { error: format(t.validation.tooLong, { max: STUDIO_LIMITS.url }) })
    .refine((value) => value === "" || isHttpsUrl(value), { error: t.studio.validation.httpsUrl })
    .transform((value) => value || null);

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** The version the form was rendered from; a save that names an older one is refused. */
const basedOn = (t: Messages) =>
  z.coerce.number({ error: t.studio.validation.staleForm }).int({ error: t.studio.validation.staleForm }).positive({ error: t.studio.validation.staleForm });

/**
 * The other languages' inputs of a record: optional, each as long as its English text may be. An absent input is an
 * empty one (no translation, the page shows English), as a browser sends an emptied field.
 */
function translationInputs(t: Messages, record: StudioRecord) {
  const inputs: Record<string, z.ZodType<string>> = {};
  for (const locale of TRANSLATED_LOCALES) {
    for (const [key, field] of Object.entries(TRANSLATABLE[record])) {
      const max =
        key === "description"
          ? STUDIO_LIMITS.description
          : key === "title"
            ? STUDIO_LIMITS.title
            : key === "address"
              ? STUDIO_LIMITS.address
              : STUDIO_LIMITS.alt;
      const input = key === "description" ? longText(t, max) : text(t, max);
      inputs[translationField(field, locale)] = z.preprocess((value) => value ?? "", input);
    }
  }
  return inputs;
}

export const companyFormSchema = localized((t) => {
  const v = t.studio.validation;
  return z.object({
    basedOn: basedOn(t),
    title: text(t, STUDIO_LIMITS.title, v.titleRequired),
    description: longText(t, STUDIO_LIMITS.description),
    address: text(t, STUDIO_LIMITS.address),
    // SPEC §5's email rule, as the contact form checks it.
    email: text(t, STUDIO_LIMITS.email, v.emailRequired).regex(/^[^\s@]+@[^\s@]+$/, { error: v.emailInvalid }),
    phone: text(t, STUDIO_LIMITS.phone).transform((value) => value || null),
    facebook: httpsLink(t),
    instegram: httpsLink(t),
    linkedin: httpsLink(t),
    homecover_alt: text(t, STUDIO_LIMITS.alt),
    contactcover_alt: text(t, STUDIO_LIMITS.alt),
    ...translationInputs(t, "company"),
  });
});

export const aboutFormSchema = localized((t) =>
  z.object({
    basedOn: basedOn(t),
    description: longText(t, STUDIO_LIMITS.description, t.studio.validation.descriptionRequired),
    photoa_alt: text(t, STUDIO_LIMITS.alt),
    photob_alt: text(t, STUDIO_LIMITS.alt),
    ...translationInputs(t, "about"),
  }),
);

export const serviceFormSchema = localized((t) =>
  z.object({
    title: text(t, STUDIO_LIMITS.title, t.studio.validation.titleRequired),
    description: longText(t, STUDIO_LIMITS.description, t.studio.validation.descriptionRequired),
    photo_alt: text(t, STUDIO_LIMITS.alt),
    // A checkbox: sent as "on" when ticked, absent when not.
    offers_calls: z.literal("on").optional(),
    ...translationInputs(t, "service"),
  }),
);

export const serviceEditSchema = localized((t) => serviceFormSchema(t).extend({ id: z.coerce.number().int().positive(), basedOn: basedOn(t) }));

export const serviceMoveSchema = z.object({
  id: z.coerce.number().int().positive(),
  direction: z.enum(["up", "down"]),
});

export const restoreSchema = localized((t) =>
  z.object({
    record: z.enum(["company", "about", "service"]),
    id: z.coerce.number().int().positive(),
    version: z.coerce.number().int().positive(),
    basedOn: basedOn(t),
  }),
);
