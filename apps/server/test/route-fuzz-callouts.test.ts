/** The routes of callouts, their responses and uploads with generated input: see `helpers/route-fuzz.ts`. */
import { fuzzRoutes } from "./helpers/route-fuzz.js";

fuzzRoutes("callouts");
