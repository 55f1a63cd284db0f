/**
 * Every route that no group of its own names (`ROUTE_GROUPS`), new ones included, with
 * generated input: see `helpers/route-fuzz.ts`.
 */
import { fuzzRoutes } from "./helpers/route-fuzz.js";

fuzzRoutes("others");
