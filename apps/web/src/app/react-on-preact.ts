/*
 * What `react` and `react-dom` resolve to in the web app and its tests (see `resolve.alias` in
 * vite.config.ts): Preact's compatibility layer, a few KB where React DOM is about 60 KB gzipped
 * (decision 043). The code keeps importing from `react` and is type-checked against React's types.
 *
 * Two things React does and the layer does not are added here, for every element:
 * - `autoFocus` focuses an element when it is added to the page (Preact only sets the attribute,
 *   which browsers honour at page load only);
 * - an empty string as an element's only child adds no text node.
 */
import type { VNode } from "preact";
import { options } from "preact";

// @ts-expect-error -- the layer's types describe a CommonJS module (`export =`); the bundler reads its ES module.
export * from "preact/compat";
export { default } from "preact/compat";

type ElementRef = ((element: HTMLElement | null) => unknown) | { current: HTMLElement | null };

const focused = new WeakSet<HTMLElement>();
/** One wrapper per ref, so that the wrapper stays the same from one render to the next. */
const focusingRefs = new WeakMap<object, ElementRef>();

function focusOnce(element: HTMLElement | null): void {
  if (!element || focused.has(element)) return;
  focused.add(element);
  element.focus();
}

function focusingRef(ref: ElementRef | null | undefined): ElementRef {
  if (!ref) return focusOnce;
  let wrapped = focusingRefs.get(ref);
  if (!wrapped) {
    wrapped = (element: HTMLElement | null) => {
      focusOnce(element);
      if (typeof ref === "function") return ref(element);
      ref.current = element;
      return undefined;
    };
    focusingRefs.set(ref, wrapped);
  }
  return wrapped;
}

// The layer's own hook, set when it loaded above; it runs first.
const previousVNodeHook = options.vnode?.bind(options);
options.vnode = (vnode: VNode) => {
  previousVNodeHook?.(vnode);
  if (typeof vnode.type !== "string") return;
  const props = vnode.props as { autoFocus?: unknown; children?: unknown };
  if (props.children === "") props.children = null;
  if (props.autoFocus) {
    const withRef = vnode as unknown as { ref?: ElementRef | null };
    withRef.ref = focusingRef(withRef.ref);
  }
};
