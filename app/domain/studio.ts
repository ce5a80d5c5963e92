// The content studio's records as staff edit them (file names, alt texts, sizes, versions), and the shared schemas
// of its forms. The public pages read the same records as `Company`, `About` and `Service` (domain/content.ts).
import { z } from "zod";
import { en, format } from "~/i18n";
import type { CompanyText, MediaFolder } from "./content";

/** An image slot as stored: a file in one of the spec's folders, with its alt text and its pixel size. */
export type StoredImage = { file: string; alt: string | null; width: number | null; height: number | null };

export type CompanyFields = CompanyText & { homeCover: StoredImage | null; contactCover: StoredImage | null };
export type AboutFields = { description: string; photoA: StoredImage | null; photoB: StoredImage | null };
export type ServiceFields = { title: string; description: string; photo: StoredImage | null };

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
  | { ok: true; version: number; orphans: FileRef[] }
  | { ok: false; reason: "conflict"; current: Versioned<F> }
  | { ok: false; reason: "not-found" };

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
  if (record === "company") values.instegram = String(all.instagram ?? "");
  for (const slot of IMAGE_SLOTS[record]) {
    const image = all[slot.key] as StoredImage | null;
    values[slot.field] = image?.file ?? "";
    values[slot.altField] = image?.alt ?? "";
  }
  delete values.instagram;
  return values;
}

export const STUDIO_LIMITS = { title: 120, description: 5000, address: 300, email: 254, phone: 40, url: 300, alt: 250 } as const;

const v = en.studio.validation;

const text = (max: number, requiredMessage?: string) => {
  const trimmed = z.string().trim().max(max, { error: format(en.validation.tooLong, { max }) });
  return requiredMessage ? trimmed.min(1, { error: requiredMessage }) : trimmed;
};

/** Multi-line text: CRLF from browsers counts as one character, as the textarea's maxlength counts it. */
const longText = (max: number, requiredMessage?: string) =>
  z.preprocess((value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value), text(max, requiredMessage));

/** An optional link: empty means none; anything else must be a full https URL. */
const httpsLink = z
  .string()
  .trim()
  .max(STUDIO_LIMITS.url, { error: format(en.validation.tooLong, { max: STUDIO_LIMITS.url }) })
  .refine((value) => value === "" || isHttpsUrl(value), { error: v.httpsUrl })
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
const basedOn = z.coerce.number({ error: v.staleForm }).int({ error: v.staleForm }).positive({ error: v.staleForm });

const altText = text(STUDIO_LIMITS.alt);

export const companyFormSchema = z.object({
  basedOn,
  title: text(STUDIO_LIMITS.title, v.titleRequired),
  description: longText(STUDIO_LIMITS.description),
  address: text(STUDIO_LIMITS.address),
  // SPEC §5's email rule, as the contact form checks it.
  email: text(STUDIO_LIMITS.email, v.emailRequired).regex(/^[^\s@]+@[^\s@]+$/, { error: v.emailInvalid }),
  phone: text(STUDIO_LIMITS.phone).transform((value) => value || null),
  facebook: httpsLink,
  instegram: httpsLink,
  linkedin: httpsLink,
  homecover_alt: altText,
  contactcover_alt: altText,
});

export const aboutFormSchema = z.object({
  basedOn,
  description: longText(STUDIO_LIMITS.description, v.descriptionRequired),
  photoa_alt: altText,
  photob_alt: altText,
});

export const serviceFormSchema = z.object({
  title: text(STUDIO_LIMITS.title, v.titleRequired),
  description: longText(STUDIO_LIMITS.description, v.descriptionRequired),
  photo_alt: altText,
});

export const serviceEditSchema = serviceFormSchema.extend({ id: z.coerce.number().int().positive(), basedOn });

export const serviceMoveSchema = z.object({
  id: z.coerce.number().int().positive(),
  direction: z.enum(["up", "down"]),
});

export const restoreSchema = z.object({
  record: z.enum(["company", "about", "service"]),
  id: z.coerce.number().int().positive(),
  version: z.coerce.number().int().positive(),
  basedOn,
});
