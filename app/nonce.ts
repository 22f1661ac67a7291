import { createContext, useContext } from "react";

/**
 * This response's CSP nonce, for the inline scripts React Router renders.
 * Set on the server only; the browser never needs it after the page has loaded.
 */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
