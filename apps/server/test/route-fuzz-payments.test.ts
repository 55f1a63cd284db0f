/** The routes of payments, gifts and signing up with generated input: see `helpers/route-fuzz.ts`. */
import { fuzzRoutes } from "./helpers/route-fuzz.js";

fuzzRoutes("payments");
