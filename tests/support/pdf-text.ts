// A PDF's text as a reader compares it (issue 26: "the Arabic words after Unicode NFKC normalisation"): pdftotext wraps
// Arabic runs in direction marks and embeddings, which are not the words.
export const readerText = (text: string) => text.normalize("NFKC").replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "");
