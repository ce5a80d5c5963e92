// Interpreters, languages and which interpreter speaks which language (SPEC §3), in the app's names.
export type Language = { id: number; name: string };
