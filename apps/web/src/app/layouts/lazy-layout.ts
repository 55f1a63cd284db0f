import type { ComponentType } from "react";
import { createElement, use } from "react";
import type { LayoutProps } from "./layout-props";

export interface LazyLayout {
  Layout: ComponentType<LayoutProps>;
  /** Loads the layout's code; the route guard awaits it before the page opens. */
  prepare: () => Promise<unknown>;
}

/**
 * A layout whose code loads when a page that uses it opens: the dashboard's
 * navigation and icons stay out of the public pages' download (decision 008). The guard prepares the layout beside the page's own chunk,
 * so it normally renders at once; otherwise it waits for its code.
 */
export function lazyLayout(load: () => Promise<ComponentType<LayoutProps>>): LazyLayout {
  let loaded: ComponentType<LayoutProps> | undefined;
  let loading: Promise<ComponentType<LayoutProps>> | undefined;
  const prepare = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download is tried again by the next page that needs the layout.
        loading = undefined;
        throw error;
      },
    ));
  function Layout(props: LayoutProps) {
    // One module-level component, loaded once; only whether it has arrived changes.
    return createElement(loaded ?? use(prepare()), props);
  }
  return { Layout, prepare };
}
