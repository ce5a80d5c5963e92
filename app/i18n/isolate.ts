// First Strong Isolate … Pop Directional Isolate: a value in another script (an e-mail address in Arabic, an Arabic
// name in English) keeps its own order inside the sentence around it. The text form of <bdi>, for strings.
export const isolate = (value: string) => `\u2068${value}\u2069`;
