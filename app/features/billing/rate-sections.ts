// The Rates page's two sections, as its component, its server side and its links name them.

/** Each side's page in the URL: ?page= for customer prices, ?payPage= for interpreter pay. */
export const PAGE_PARAMS = { bill: "page", pay: "payPage" } as const;

/** Where each side's section starts: the anchor an add returns to and the page links keep. */
export const SECTION_IDS = { bill: "rates-bill", pay: "rates-pay" } as const;
