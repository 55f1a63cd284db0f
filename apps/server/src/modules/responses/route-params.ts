import { z } from "zod";

/** A callout in a response route's path: its id or its slug. */
export const calloutParams = z.object({ id: z.string().min(1).max(200) });

/** A response, comment or other row addressed by its id. */
export const idParams = z.object({ id: z.uuid() });
