// Free text for the scale benchmark's generated rows: what customers write in an order's details and a contact
// message, the subjects of contact messages, and the browsers (User-Agent strings) the security log records. Plain
// ASCII and a fixed vocabulary, like names.ts: the benchmark measures row counts, not text shaping, and every
// generated value stays deterministic for a seed.

/** What customers write in an order's details: a few sentences of the kind the quote form receives. */
export const DETAIL_PHRASES = [
  "Please translate the attached discharge summary.",
  "Birth certificate and marriage certificate, certified copies needed for immigration.",
  "Consent forms for a clinical study, about 12 pages.",
  "A school enrolment packet for a family arriving next month.",
  "Court documents for a hearing; the deadline is firm.",
  "Our employee handbook, updated this year.",
  "Product labels and a short user manual.",
  "Medical records from a hospital abroad, partly handwritten.",
  "A lease agreement and two letters from the landlord.",
  "Website pages for our new clinic (about 3,000 words).",
  "Transcripts and a diploma for a university application.",
  "Insurance claim letters, urgent if possible.",
] as const;

export const CONTACT_SUBJECTS = [
  "Question about a quote",
  "Interpreter for an appointment",
  "Pricing for document translation",
  "Partnership",
  "Feedback on last week's call",
  "Invoice question",
  "Job application",
  "Availability on weekends",
  "Certified translation for USCIS",
  "On-site interpreting next month",
] as const;

export const USER_AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
] as const;
