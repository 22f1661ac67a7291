import { createContext } from "react-router";
import type { HubKnowledge } from "../analyst/hub-index.ts";
import type { Config, PublicConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import type { MediaStore } from "../media/media-store.ts";
import type { NewsletterServices } from "../newsletter/subscribe.server.ts";

/** What every loader and action gets from the server, through typed router context. */
export interface AppContext {
  config: Config;
  publicConfig: PublicConfig;
  database: Database;
  logger: Logger;
  /** Where uploaded media live (DATA_DIR or an S3-protocol store). */
  media: MediaStore;
  /** The subscribe form's mail transport and limits. */
  newsletter: NewsletterServices;
  /** The hub's content as the assistant reads it: a shared conversation's citations quote from it. */
  knowledge?: HubKnowledge;
  /** Production only: the text of a built stylesheet (by its /assets/ URL), to inline in pages. */
  stylesheetText?: (href: string) => string;
  /** The URL of the islands script (app/islands/islands-entry.ts) for pages that run only their islands. */
  islandsScript?: string;
  /** This render's: the id of the request it answers (for the log), and the errors its loaders and actions threw. */
  render?: { requestId: string; errors: unknown[] };
}

export const appContext = createContext<AppContext>();
