// The public content of the site, in the app's own names. Adapters map the spec's column names
// (instegram, homecover, photoaurl, ...) to these at their boundary, so routes never see them.

export const MEDIA_FOLDERS = ["Home", "Services", "Contactus", "Aboutus"] as const;
export type MediaFolder = (typeof MEDIA_FOLDERS)[number];

/**
 * An image as a page shows it. `alt` and the size are null for images stored before the studio existed (the pages
 * then say what they said before); every image saved in the studio has all three.
 */
export type Picture = { url: string; alt: string | null; width: number | null; height: number | null };

/** The company's texts, as the pages show them and the studio edits them. */
export type CompanyText = {
  title: string;
  description: string;
  address: string;
  email: string;
  /** Not a column of the original data; optional so an existing table without it still works. */
  phone: string | null;
  facebook: string | null;
  instagram: string | null;
  linkedin: string | null;
};

export type Company = CompanyText & { homeCover: Picture | null; contactCover: Picture | null };

export type Service = {
  id: number;
  title: string;
  description: string;
  photo: Picture | null;
};

export type About = {
  description: string;
  photoA: Picture | null;
  photoB: Picture | null;
};

/** The company's legal name: the spec names it as a limited liability company. */
export function legalName(company: Pick<Company, "title">): string {
  return /\bLLC\b/i.test(company.title) ? company.title : `${company.title} LLC`;
}
