import { createContext } from "react-router";
import type { Config, PublicConfig } from "../server/config.ts";
import type { Database } from "../server/db/client.ts";
import type { Logger } from "../server/logger.ts";

/** What every loader and action gets from the server, through typed router context. */
export interface AppContext {
  config: Config;
  publicConfig: PublicConfig;
  database: Database;
  logger: Logger;
}

export const appContext = createContext<AppContext>();
