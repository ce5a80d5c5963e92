// The public content of the site, in the app's own names. Adapters map the spec's column names
// (instegram, homecover, photoaurl, ...) to these at their boundary, so routes never see them.

import type { Locale } from "~/i18n";
import { localizedTexts, type InEnglish, type Translations } from "./translations";

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

export type Company = CompanyText & { homeCover: Picture | null; contactCover: Picture | null; translations: Translations<"company"> };

export type Service = {
  id: number;
  title: string;
  description: string;
  photo: Picture | null;
  translations: Translations<"service">;
  /** Its card offers a live call (/Call). */
  offersCalls: boolean;
};

export type About = {
  description: string;
  photoA: Picture | null;
  photoB: Picture | null;
  translations: Translations<"about">;
};

/** A record as a page in one language shows it: its texts in that language, or in English where `inEnglish` says. */
export type Shown<T> = Omit<T, "translations"> & InEnglish;

const withAlt = (picture: Picture | null, alt: string | null): Picture | null => (picture ? { ...picture, alt } : null);

export function companyIn(locale: Locale, { translations, ...company }: Company): Shown<Company> {
  const english = {
    title: company.title,
    description: company.description,
    address: company.address,
    homeCoverAlt: company.homeCover?.alt ?? null,
    contactCoverAlt: company.contactCover?.alt ?? null,
  };
  const { texts, inEnglish } = localizedTexts("company", translations, english, locale);
  return {
    ...company,
    title: texts.title ?? company.title,
    description: texts.description ?? company.description,
    address: texts.address ?? company.address,
    homeCover: withAlt(company.homeCover, texts.homeCoverAlt),
    contactCover: withAlt(company.contactCover, texts.contactCoverAlt),
    inEnglish,
  };
}

export function serviceIn(locale: Locale, { translations, ...service }: Service): Shown<Service> {
  const english = { title: service.title, description: service.description, photoAlt: service.photo?.alt ?? null };
  const { texts, inEnglish } = localizedTexts("service", translations, english, locale);
  return {
    ...service,
    title: texts.title ?? service.title,
    description: texts.description ?? service.description,
    photo: withAlt(service.photo, texts.photoAlt),
    inEnglish,
  };
}

export function aboutIn(locale: Locale, { translations, ...about }: About): Shown<About> {
  const english = { description: about.description, photoAAlt: about.photoA?.alt ?? null, photoBAlt: about.photoB?.alt ?? null };
  const { texts, inEnglish } = localizedTexts("about", translations, english, locale);
  return {
    ...about,
    description: texts.description ?? about.description,
    photoA: withAlt(about.photoA, texts.photoAAlt),
    photoB: withAlt(about.photoB, texts.photoBAlt),
    inEnglish,
  };
}

/** The company's legal name: the spec names it as a limited liability company. */
export function legalName(company: Pick<Company, "title">): string {
  return /\bLLC\b/i.test(company.title) ? company.title : `${company.title} LLC`;
}
