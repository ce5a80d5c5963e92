// The public content of the site, in the app's own names. Adapters map the spec's column names
// (instegram, homecover, photoaurl, ...) to these at their boundary, so routes never see them.

export const MEDIA_FOLDERS = ["Home", "Services", "Contactus", "Aboutus"] as const;
export type MediaFolder = (typeof MEDIA_FOLDERS)[number];

export type Company = {
  title: string;
  description: string;
  address: string;
  email: string;
  /** Not a column of the original data; optional so an existing table without it still works. */
  phone: string | null;
  facebook: string | null;
  instagram: string | null;
  linkedin: string | null;
  homeCoverUrl: string | null;
  contactCoverUrl: string | null;
};

export type Service = {
  id: number;
  title: string;
  description: string;
  photoUrl: string | null;
};

export type About = {
  description: string;
  photoAUrl: string | null;
  photoBUrl: string | null;
};

/** The company's legal name: the spec names it as a limited liability company. */
export function legalName(company: Pick<Company, "title">): string {
  return /\bLLC\b/i.test(company.title) ? company.title : `${company.title} LLC`;
}
