import prefresh from "@prefresh/vite";
import type { ConfigEnv, Plugin, UserConfig } from "vite";

const LIBRARIES = /[\\/]node_modules[\\/]/;

/** The dev server only: not a build (the browser's or the server's renderer), a preview or the tests. */
function devServerOnly(_config: UserConfig, env: ConfigEnv): boolean {
  return env.command === "serve" && env.mode !== "test" && !env.isPreview;
}

/**
 * Hot reload that keeps components' state (decision 056): the app renders with Preact (decision
 * 043), whose renderer React's Fast Refresh cannot patch, so the dev server uses Preact's own,
 * prefresh. Components are marked by the JSX transform plugin-react sets up (Vite's Oxc, with
 * refresh on when serving), and prefresh wraps the modules that have them. prefresh's own JSX
 * settings are left out (they would import Preact's JSX runtime where the app imports React's,
 * which the aliases lead to Preact's, as in the build); one thing is set back after plugin-react:
 * its exclusion of every file was for its own refresh, so now the app's files are marked and the
 * libraries' are not.
 */
export async function preactRefresh(): Promise<Plugin[]> {
  // A list of plugins, as Vite accepts for one.
  const plugins = [await prefresh({ exclude: LIBRARIES })].flat() as Plugin[];
  return [
    ...plugins
      .filter((plugin) => plugin.name !== "prefresh-preact-options")
      .map((plugin) => ({ ...plugin, apply: devServerOnly })),
    {
      name: "cohort-preact-refresh-files",
      apply: devServerOnly,
      enforce: "post",
      config(config) {
        if (!config.oxc) throw new Error("plugin-react left no JSX options to adjust");
        config.oxc.jsxRefreshExclude = LIBRARIES;
      },
    },
  ];
}
