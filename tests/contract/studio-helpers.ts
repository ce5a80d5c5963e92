// Helpers of the content studio tests (10-studio-*.test.ts): the rows they read back (a record's row, its kept
// versions), the sample company as the studio reads it, and a service's fields with a new photo.
import type { ServiceFields } from "~/domain/studio";
import { company as sampleCompany } from "../../seed/content";
import { sampleTranslations } from "../../seed/content-ar";
import { double } from "./helpers";

type VersionRow = { record: string; record_id: number; version: number; snapshot: unknown; saved_by: string | null; saved_at: string };
export const versionsOf = async (record: string, id: number) =>
  (await double.table<VersionRow>("content_versions")).filter((row) => row.record === record && row.record_id === id).sort((a, b) => a.version - b.version);
export const rowOf = async (table: string, id: number) => (await double.table<Record<string, unknown>>(table)).find((row) => row.id === id);

let counter = 0;
export const photo = (file = `services-${++counter}-${crypto.randomUUID()}.webp`) => ({ file, alt: `Photo ${counter}`, width: 640, height: 400 });
export const serviceFields = (title: string, image: ServiceFields["photo"] = photo()): ServiceFields => ({
  title,
  description: `${title}: what it is`,
  photo: image,
  translations: { ar: { title: `${title} بالعربية` } },
  offersCalls: false,
});

/** The sample company's fields, as the studio reads them from the seeded row. */
export const companyFields = {
  title: sampleCompany.title,
  description: sampleCompany.description,
  address: sampleCompany.address,
  email: sampleCompany.email,
  phone: sampleCompany.phone,
  facebook: sampleCompany.facebook,
  instagram: sampleCompany.instegram,
  linkedin: sampleCompany.linkedin,
  homeCover: { file: "homecover.webp", alt: sampleCompany.homecover_alt, width: 1280, height: 720 },
  contactCover: { file: "contactcover.webp", alt: sampleCompany.contactcover_alt, width: 1280, height: 560 },
  translations: sampleTranslations.company,
};
