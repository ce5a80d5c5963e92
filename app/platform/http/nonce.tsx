import { createContext, useContext } from "react";

// The CSP nonce reaches <Scripts>/<ScrollRestoration> through context. In the browser it is empty:
// browsers hide nonce attributes from the DOM, and scripts added after load do not need one.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
