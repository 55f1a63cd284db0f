import type { PageReadName } from "@cohort/common/http";

/**
 * A page people often open first, from a link outside: its path in the route
 * table, the source modules of its lazily loaded code, and the API reads it
 * makes beside those every page makes.
 */
export interface FirstPage {
  path: string;
  modules: readonly string[];
  reads: readonly PageReadName[];
}

const calloutFrame = "src/features/callouts/pages/callout-page.tsx";

/**
 * The build lists the files each of these pages is made of, and the server
 * names them, with the page's reads, in the page's head: the browser then
 * fetches everything the page needs at once, instead of learning of it
 * script by script (decision 045). Other pages load as the app finds them.
 */
export const firstPages: readonly FirstPage[] = [
  {
    path: "/callouts/:id",
    modules: [calloutFrame, "src/features/callouts/pages/callout-main-page.tsx"],
    reads: ["publicCallout"],
  },
  {
    path: "/callouts/:id/respond",
    modules: [calloutFrame, "src/features/callouts/pages/callout-respond-page.tsx"],
    reads: ["publicCallout"],
  },
  { path: "/callouts", modules: ["src/features/callouts/pages/callouts-page.tsx"], reads: [] },
  { path: "/join", modules: ["src/features/join/pages/join-page.tsx"], reads: ["joinContent"] },
  { path: "/auth/login", modules: ["src/features/auth/pages/login-page.tsx"], reads: [] },
];

/**
 * The pages whose first view the server renders for a visitor without a session (decision 047): a
 * callout's intro and form, which readers open from a shared link and start on at once.
 */
export const prerenderedPages: readonly string[] = ["/callouts/:id", "/callouts/:id/respond"];
