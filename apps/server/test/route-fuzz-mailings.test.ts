/** The routes of mailings, emails and the newsletter with generated input: see `helpers/route-fuzz.ts`. */
import { fuzzRoutes } from "./helpers/route-fuzz.js";

fuzzRoutes("mailings");
