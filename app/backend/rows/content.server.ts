// Content rows as the spec names their columns (both databases keep them), mapped to the app's names once
// for both adapters.
import type { About, Company, MediaFolder, Service } from "~/domain/content";
import type { MediaStore } from "../port.server";

export type CompanyRow = {
  title: string;
  description: string | null;
  homecover: string | null;
  address: string | null;
  email: string | null;
  /** Not in the original data: an older table may lack it. */
  phone?: string | null;
  linkedin: string | null;
  facebook: string | null;
  instegram: string | null;
  contactcover: string | null;
};
export type ServiceRow = { id: number; title: string; description: string | null; photourl: string | null };
export type AboutRow = { description: string | null; photoaurl: string | null; photoburl: string | null };

/** The public URL of an image file name in one of the four folders (null for no image). */
export type ImageUrl = (folder: MediaFolder, file: string | null) => string | null;

export function imageUrls(media: MediaStore): ImageUrl {
  return (folder, file) => (file ? media.url(folder, file) : null);
}

export function toCompany(row: CompanyRow, image: ImageUrl): Company {
  return {
    title: row.title,
    description: row.description ?? "",
    address: row.address ?? "",
    email: row.email ?? "",
    phone: row.phone ?? null,
    facebook: row.facebook,
    instagram: row.instegram, // spelt so in the data (SPEC §3)
    linkedin: row.linkedin,
    homeCoverUrl: image("Home", row.homecover),
    contactCoverUrl: image("Contactus", row.contactcover),
  };
}

export function toService(row: ServiceRow, image: ImageUrl): Service {
  return { id: row.id, title: row.title, description: row.description ?? "", photoUrl: image("Services", row.photourl) };
}

export function toAbout(row: AboutRow, image: ImageUrl): About {
  return { description: row.description ?? "", photoAUrl: image("Aboutus", row.photoaurl), photoBUrl: image("Aboutus", row.photoburl) };
}
