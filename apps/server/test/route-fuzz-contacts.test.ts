/** The routes of contacts, tags, segments and API keys with generated input: see `helpers/route-fuzz.ts`. */
import { fuzzRoutes } from "./helpers/route-fuzz.js";

fuzzRoutes("contacts");
