// Sample content for local development and tests: a believable company, its services and people.
// Kept apart from migrations (which hold only the schema); never applied to a production database.
// Images named here are in seed/media/<Folder>/<file> and are uploaded to the local MEDIA bucket.

export const SAMPLE_PASSWORD = "ChangeMe-2025!";

export const company = {
  title: "PUSH",
  description:
    "Professional translation and interpretation in more than 40 languages — on site, by video or over the phone, for hospitals, courts, schools and businesses, 24 hours a day.",
  homecover: "homecover.webp",
  homecover_alt: "An interpreter with a headset linking two people who speak different languages",
  homecover_width: 1280,
  homecover_height: 720,
  address: "30 N Gould St, Ste R, Sheridan, WY 82801, USA",
  email: "contact@pushlanguages.com",
  phone: "+1 (307) 555-0142",
  linkedin: "https://www.linkedin.com/company/pushlanguages",
  facebook: "https://www.facebook.com/pushlanguages",
  instegram: "https://www.instagram.com/pushlanguages",
  contactcover: "contactcover.webp",
  contactcover_alt: "The PUSH office reception",
  contactcover_width: 1280,
  contactcover_height: 560,
};

export const services = [
  {
    title: "Document Translation",
    photourl: "document-translation.webp",
    description:
      "Certified translation of contracts, medical records, immigration papers, academic transcripts and technical manuals. Every document is translated by a native speaker with subject-matter experience and reviewed by a second linguist before delivery. We keep your layout, deliver in the format you need, and can certify translations for USCIS, courts and universities. Standard turnaround is two business days for up to 2,000 words, with rush delivery available the same day.",
  },
  {
    title: "Medical Interpreting",
    offersCalls: true,
    photourl: "medical-interpreting.webp",
    description:
      "Qualified medical interpreters for hospitals, clinics, pharmacies and telehealth visits. Our interpreters know clinical terminology, follow HIPAA requirements and the national code of ethics for healthcare interpreters, and help patients with limited English proficiency understand diagnoses, consent forms and discharge instructions. Available on site, by video or by phone, around the clock, including for emergency departments.",
  },
  {
    title: "Legal Interpreting",
    offersCalls: true,
    photourl: "legal-interpreting.webp",
    description:
      "Court-experienced interpreters for depositions, hearings, attorney–client meetings, mediations and immigration interviews. We provide consecutive and simultaneous interpreting, sight translation of legal documents, and interpreters familiar with courtroom procedure and legal terminology. Confidentiality agreements are signed for every assignment.",
  },
  {
    title: "Video Remote Interpreting",
    offersCalls: true,
    photourl: "video-remote-interpreting.webp",
    description:
      "Connect to a professional interpreter by video in under a minute, from any browser, tablet or phone. Video remote interpreting is ideal when facial expressions and gestures matter — patient visits, parent–teacher conferences, HR meetings and customer service. Sessions are encrypted, and no software installation is needed.",
  },
  {
    title: "Over-the-Phone Interpreting",
    offersCalls: true,
    photourl: "phone-interpreting.webp",
    description:
      "On-demand phone interpreting in more than 40 languages, 24 hours a day, 7 days a week. Call one number, choose a language and be connected to a trained interpreter in seconds. Billed by the minute with no minimums, it is the fastest way to help a caller, a walk-in client or a field team that needs a language right now.",
  },
  {
    title: "Website & Software Localization",
    photourl: "localization.webp",
    description:
      "Adapt your website, app or e-learning course for new markets. We translate interface text, help content and marketing copy, adapt dates, currencies and units, and test the result in context so nothing is cut off or out of place. We work with the file formats your developers already use, including JSON, XLIFF, PO and Markdown.",
  },
];

export const about = {
  description:
    "PUSH was founded in Wyoming by interpreters who believe that nobody should be left out of a conversation because of the language they speak. Today our network of more than 300 vetted linguists helps hospitals, courts, schools and businesses across the United States communicate clearly with the people they serve. Every interpreter is tested for language proficiency, trained in professional ethics and confidentiality, and matched to assignments in their field of expertise. Whether you need a certified translation by tomorrow or an interpreter on the line in thirty seconds, our dedicated team and 24/7 customer support are here to help.",
  photoaurl: "team-meeting.webp",
  photoburl: "interpreter-headset.webp",
  photoa_alt: "The PUSH team meeting around a table",
  photob_alt: "An interpreter wearing a headset during a remote session",
};

export const languages = [
  "Arabic",
  "English",
  "Spanish",
  "French",
  "German",
  "Mandarin Chinese",
  "Vietnamese",
  "Russian",
  "Portuguese",
  "Korean",
  "Somali",
  "Tagalog",
  "Haitian Creole",
  "American Sign Language",
];

export type SamplePerson = {
  full_name: string;
  email: string;
  phone: string;
  Gender: string;
  account_type: string;
  role: "admin" | "interpreter";
  /** Only the two sample accounts can sign in; the other interpreters' accounts have no usable password. */
  canSignIn: boolean;
  languages: string[];
};

export const people: SamplePerson[] = [
  {
    full_name: "Amira Haddad",
    email: "admin@example.com",
    phone: "+1 (307) 555-0100",
    Gender: "Female",
    account_type: "Operations",
    role: "admin",
    canSignIn: true,
    languages: ["Arabic", "English", "French"],
  },
  {
    full_name: "Daniel Reyes",
    email: "interpreter@example.com",
    phone: "+1 (307) 555-0101",
    Gender: "Male",
    account_type: "Medical Interpreting",
    role: "interpreter",
    canSignIn: true,
    languages: ["Spanish", "English", "Portuguese"],
  },
  {
    full_name: "Linh Tran",
    email: "linh.tran@example.com",
    phone: "+1 (307) 555-0102",
    Gender: "Female",
    account_type: "Legal Interpreting",
    role: "interpreter",
    canSignIn: false,
    languages: ["Vietnamese", "English"],
  },
  {
    full_name: "Omar Farah",
    email: "omar.farah@example.com",
    phone: "+1 (307) 555-0103",
    Gender: "Male",
    account_type: "Community Interpreting",
    role: "interpreter",
    canSignIn: false,
    languages: ["Somali", "Arabic", "English"],
  },
  {
    full_name: "Sofia Petrova",
    email: "sofia.petrova@example.com",
    phone: "+1 (307) 555-0104",
    Gender: "Female",
    account_type: "Document Translation",
    role: "interpreter",
    canSignIn: false,
    languages: ["Russian", "German", "English"],
  },
  {
    full_name: "Wei Zhang",
    email: "wei.zhang@example.com",
    phone: "+1 (307) 555-0105",
    Gender: "Male",
    account_type: "Video Remote Interpreting",
    role: "interpreter",
    canSignIn: false,
    languages: ["Mandarin Chinese", "English", "Korean"],
  },
  {
    full_name: "Marie-Claude Joseph",
    email: "marie.joseph@example.com",
    phone: "+1 (307) 555-0106",
    Gender: "Female",
    account_type: "Over-the-Phone Interpreting",
    role: "interpreter",
    canSignIn: false,
    languages: ["Haitian Creole", "French", "English"],
  },
];

export const sampleContent = { company, services, about, languages, people };
export type SampleContent = typeof sampleContent;
