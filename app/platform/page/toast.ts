// Toast messages, shared by the server (flash cookie, loader notices) and the client (react-hot-toast).
export type ToastType = "success" | "error" | "blank" | "loading";

export type Toast = {
  /** Same id, same toast: a message reported by two loaders of one page shows once. */
  id: string;
  type: ToastType;
  message: string;
};

/** SPEC §9: success 2 s; blank, error and custom 4 s; loading until dismissed (at most 20 are kept). */
export const TOAST_DURATION_MS = { success: 2000, error: 4000, blank: 4000, custom: 4000, loading: Infinity } as const;
export const TOAST_LIMIT = 20;
