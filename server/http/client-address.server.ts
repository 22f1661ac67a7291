import { CLIENT_ADDRESS_HEADER } from "./pages.ts";

/** The visitor's address as the server judged it (see pages.ts); "unknown" in development. */
export const clientAddress = (request: Request) => request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
