// Content rows as the spec names their columns (both databases keep them), mapped to the app's names once for both
// adapters: to the public pages' types, to the studio's fields, and back to columns for a save.
import type { About, Company, MediaFolder, Picture, Service } from "~/domain/content";
import {
  filesOf,
  type AboutFields,
  type CompanyFields,
  type FieldsOf,
  type FileRef,
  type ServiceFields,
  type StoredImage,
  type StudioRecord,
  type Versioned as VersionedRecord,
} from "~/domain/studio";
import { translationsOf } from "~/domain/translations";
import type { MediaStore } from "~/backend/port.server";

/** An image slot's columns: the spec's file-name column, then (since the studio) its alt text and pixel size. */
type ImageColumns<Name extends string, Prefix extends string> = { [K in Name]: string | null } & {
  [K in `${Prefix}_alt`]?: string | null;
} & { [K in `${Prefix}_width` | `${Prefix}_height`]?: number | null };

/** `translations`: the other languages' texts (docs/decisions/0017), JSON text on D1 and jsonb on Supabase. */
type Versioned = { id?: number; version?: number; translations?: unknown };

export type CompanyRow = Versioned & {
  title: string;
  description: string | null;
  address: string | null;
  email: string | null;
  /** Not in the original data: an older table may lack it. */
  phone?: string | null;
  linkedin: string | null;
  facebook: string | null;
  instegram: string | null;
} & ImageColumns<"homecover", "homecover"> &
  ImageColumns<"contactcover", "contactcover">;
export type ServiceRow = Versioned & {
  title: string;
  description: string | null;
  position?: number | null;
  /** 0/1 in D1, a boolean in Postgres; missing in a row read before the column existed. */
  offers_calls?: number | boolean | null;
} & ImageColumns<"photourl", "photo">;
export type AboutRow = Versioned & { description: string | null } & ImageColumns<"photoaurl", "photoa"> & ImageColumns<"photoburl", "photob">;

function stored(file: string | null, alt?: string | null, width?: number | null, height?: number | null): StoredImage | null {
  return file ? { file, alt: alt ?? null, width: width ?? null, height: height ?? null } : null;
}

export function companyFields(row: CompanyRow): CompanyFields {
  return {
    title: row.title,
    description: row.description ?? "",
    address: row.address ?? "",
    email: row.email ?? "",
    phone: row.phone ?? null,
    facebook: row.facebook,
    instagram: row.instegram, // spelt so in the data (SPEC §3)
    linkedin: row.linkedin,
    homeCover: stored(row.homecover, row.homecover_alt, row.homecover_width, row.homecover_height),
    contactCover: stored(row.contactcover, row.contactcover_alt, row.contactcover_width, row.contactcover_height),
    translations: translationsOf("company", row.translations),
  };
}

export function aboutFields(row: AboutRow): AboutFields {
  return {
    description: row.description ?? "",
    photoA: stored(row.photoaurl, row.photoa_alt, row.photoa_width, row.photoa_height),
    photoB: stored(row.photoburl, row.photob_alt, row.photob_width, row.photob_height),
    translations: translationsOf("about", row.translations),
  };
}

export function serviceFields(row: ServiceRow): ServiceFields {
  return {
    title: row.title,
    description: row.description ?? "",
    photo: stored(row.photourl, row.photo_alt, row.photo_width, row.photo_height),
    translations: translationsOf("service", row.translations),
    offersCalls: Boolean(row.offers_calls),
  };
}

export function fieldsOf<R extends StudioRecord>(record: R, row: Record<string, unknown>): FieldsOf<R> {
  const map = { company: companyFields, about: aboutFields, service: serviceFields }[record] as unknown as (row: never) => FieldsOf<R>;
  return map(row as never);
}

/** A row with its version, as the studio edits it. */
export function versionedOf<R extends StudioRecord>(record: R, row: Record<string, unknown> & { id: number; version: number }): VersionedRecord<FieldsOf<R>> {
  return { id: row.id, version: row.version, fields: fieldsOf(record, row) };
}

/** Every file the kept snapshots (a record's fields, as stored in content_versions) refer to. */
export function filesOfSnapshots<R extends StudioRecord>(record: R, snapshots: unknown[]): FileRef[] {
  return snapshots.flatMap((snapshot) => filesOf(record, snapshot as FieldsOf<R>));
}

/** Each file once, in the order first named. */
export function uniqueFiles(files: FileRef[]): FileRef[] {
  return [...new Map(files.map((ref) => [`${ref.folder}/${ref.file}`, ref])).values()];
}

function imageColumns(name: string, prefix: string, image: StoredImage | null) {
  return {
    [name]: image?.file ?? null,
    [`${prefix}_alt`]: image?.alt ?? null,
    [`${prefix}_width`]: image?.width ?? null,
    [`${prefix}_height`]: image?.height ?? null,
  };
}

/**
 * The columns a save writes, in the spec's names, and `translations` as an object (Supabase stores it as jsonb; the
 * D1 adapter writes it as JSON text).
 */
export function columnsOf<R extends StudioRecord>(record: R, fields: FieldsOf<R>): Record<string, string | number | boolean | null | object> {
  if (record === "company") {
    const f = fields as CompanyFields;
    return {
      title: f.title,
      description: f.description,
      address: f.address,
      email: f.email,
      phone: f.phone,
      facebook: f.facebook,
      instegram: f.instagram,
      linkedin: f.linkedin,
      ...imageColumns("homecover", "homecover", f.homeCover),
      ...imageColumns("contactcover", "contactcover", f.contactCover),
      translations: f.translations,
    };
  }
  if (record === "about") {
    const f = fields as AboutFields;
    return {
      description: f.description,
      ...imageColumns("photoaurl", "photoa", f.photoA),
      ...imageColumns("photoburl", "photob", f.photoB),
      translations: f.translations,
    };
  }
  const f = fields as ServiceFields;
  return {
    title: f.title,
    description: f.description,
    ...imageColumns("photourl", "photo", f.photo),
    translations: f.translations,
    offers_calls: f.offersCalls,
  };
}

/** The table of each record. */
export const TABLE_OF = { company: "company", about: "about", service: "services" } as const satisfies Record<StudioRecord, string>;

/** An image as the public pages show it. */
export type Pictures = (folder: MediaFolder, image: StoredImage | null) => Picture | null;

export function pictures(media: Pick<MediaStore, "url">): Pictures {
  return (folder, image) => (image ? { url: media.url(folder, image.file), alt: image.alt, width: image.width, height: image.height } : null);
}

export function toCompany(row: CompanyRow, picture: Pictures): Company {
  const { homeCover, contactCover, ...text } = companyFields(row);
  return { ...text, homeCover: picture("Home", homeCover), contactCover: picture("Contactus", contactCover) };
}

export function toService(row: ServiceRow & { id: number }, picture: Pictures): Service {
  const { photo, ...text } = serviceFields(row);
  return { id: row.id, ...text, photo: picture("Services", photo) };
}

export function toAbout(row: AboutRow, picture: Pictures): About {
  const { photoA, photoB, description, translations } = aboutFields(row);
  return { description, photoA: picture("Aboutus", photoA), photoB: picture("Aboutus", photoB), translations };
}
