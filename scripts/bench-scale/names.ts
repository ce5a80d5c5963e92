// Word lists for the scale benchmark's generated people and text. Plain ASCII and Arabic-free on purpose: the
// benchmark measures how lists grow with their row count, not text shaping, and a fixed vocabulary keeps every
// generated value deterministic for a seed. Lists are long enough that names repeat the way real ones do
// (a surname search matches about 1 % of the rows), not so long that every name is unique.

export const FIRST_NAMES = [
  "Amina", "Omar", "Layla", "Yusuf", "Fatima", "Hassan", "Mariam", "Khalid", "Nour", "Ali",
  "Maria", "Jose", "Carmen", "Luis", "Ana", "Carlos", "Sofia", "Diego", "Lucia", "Miguel",
  "Linh", "Minh", "Thao", "Duc", "Wei", "Mei", "Jun", "Li", "Hana", "Jin",
  "Olga", "Ivan", "Natalia", "Dmitri", "Elena", "Sergei", "Anna", "Pavel", "Irina", "Alexei",
  "James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth",
  "William", "Susan", "Richard", "Jessica", "Joseph", "Sarah", "Thomas", "Karen", "Daniel", "Nancy",
  "Marie", "Jean", "Pierre", "Claire", "Lucas", "Emma", "Hugo", "Chloe", "Louis", "Camille",
  "Abdi", "Hodan", "Farah", "Asha", "Said", "Ifrah", "Jamal", "Sahra", "Bashir", "Hawa",
  "Grace", "Samuel", "Ruth", "Peter", "Esther", "Paul", "Joy", "Mark", "Faith", "Isaac",
  "Priya", "Ravi", "Anjali", "Arjun", "Deepa", "Vikram", "Meera", "Rahul", "Kavya", "Sanjay",
] as const;

/** SURNAMES[0] is the surname the benchmark searches for: the generator gives it to its biggest customer too. */
export const SURNAMES = [
  "Haddad", "Nguyen", "Garcia", "Smith", "Ivanova", "Wang", "Farah", "Dubois", "Johnson", "Patel",
  "Mansour", "Tran", "Martinez", "Williams", "Petrov", "Li", "Hassan", "Laurent", "Brown", "Sharma",
  "Khalil", "Pham", "Lopez", "Jones", "Sokolov", "Zhang", "Ali", "Moreau", "Davis", "Singh",
  "Saleh", "Le", "Gonzalez", "Miller", "Volkov", "Liu", "Mohamed", "Bernard", "Wilson", "Gupta",
  "Aziz", "Hoang", "Rodriguez", "Moore", "Kuznetsov", "Chen", "Ahmed", "Petit", "Taylor", "Kumar",
  "Rahman", "Vu", "Hernandez", "Anderson", "Popov", "Yang", "Ibrahim", "Richard", "Thomas", "Reddy",
  "Nasser", "Dang", "Perez", "Jackson", "Lebedev", "Huang", "Osman", "Durand", "White", "Iyer",
  "Bakr", "Bui", "Sanchez", "Harris", "Novikov", "Zhao", "Yusuf", "Leroy", "Martin", "Nair",
  "Karim", "Do", "Ramirez", "Thompson", "Morozov", "Wu", "Abdi", "Roux", "Clark", "Joshi",
  "Fayad", "Ngo", "Torres", "Lewis", "Fedorov", "Zhou", "Warsame", "Fournier", "Walker", "Mehta",
] as const;

export const COMPANY_WORDS = [
  "Mercy", "Riverside", "Summit", "Valley", "Harbor", "Pioneer", "Frontier", "Cedar", "Granite", "Liberty",
  "Northern", "Prairie", "Beacon", "Meridian", "Evergreen", "Sunrise", "Keystone", "Bridge", "Lakeside", "Canyon",
] as const;

export const COMPANY_KINDS = [
  "Health", "Medical Center", "Clinic", "Law Group", "Legal Services", "School District", "Academy", "Logistics",
  "Insurance", "Bank", "Family Services", "County Court", "Pharmacy", "Hospital", "Foods", "Manufacturing",
] as const;

export const EMAIL_DOMAINS = ["example.com", "example.org", "example.net", "mail.example.com", "clinic.example", "law.example"] as const;

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
  "Question about a quote", "Interpreter for an appointment", "Pricing for document translation", "Partnership",
  "Feedback on last week's call", "Invoice question", "Job application", "Availability on weekends",
  "Certified translation for USCIS", "On-site interpreting next month",
] as const;

export const USER_AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
] as const;

/**
 * How often each of the sample languages is asked for (weights, not shares): Spanish and Arabic lead, as they do
 * for US interpreting agencies; a language not named here gets weight 2. English is mostly the other side of a pair.
 */
export const LANGUAGE_WEIGHTS: Record<string, number> = {
  Spanish: 40,
  Arabic: 18,
  "Mandarin Chinese": 8,
  Vietnamese: 7,
  French: 5,
  Russian: 5,
  Portuguese: 4,
  Korean: 4,
  Somali: 3,
  Tagalog: 3,
  "Haitian Creole": 3,
  "American Sign Language": 4,
  German: 2,
  English: 6,
};
