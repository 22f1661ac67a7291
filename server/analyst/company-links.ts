// How an answer links a company's profile, and cites one fact of it.
import type { Company } from "../content/companies.server.ts";
import type { ProfilePart } from "./hub-corpus.ts";

export const profileUrl = (c: Company) => `/explorer?company=${c.id}`;
export const companyLink = (c: Company) => `[${c.name}](${profileUrl(c)})`;
/**
 * A claim's citation of the profile fact that states it, " ([Sazerac Company: Owner](/explorer?company=11))":
 * numbered on the page, it quotes that fact's sentence (server/chat/citations.ts).
 */
export const citeFact = (c: Company, fact: ProfilePart) => ` ([${c.name}: ${fact}](${profileUrl(c)}))`;
