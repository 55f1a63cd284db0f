/**
 * A call a module makes upward, to a module above it that it does not import (decision 083):
 * the module below declares what it needs, and `src/wiring.ts` provides it when the app is built.
 * Providing it again replaces it (each test app builds the same wiring).
 */
export interface Hook<F extends (...args: never[]) => unknown> {
  provide(implementation: F): void;
  call(...args: Parameters<F>): ReturnType<F>;
}

export function hook<F extends (...args: never[]) => unknown>(name: string): Hook<F> {
  let provided: F | undefined;
  return {
    provide: (implementation) => {
      provided = implementation;
    },
    call: (...args) => {
      if (!provided) throw new Error(`Nothing provides ${name}: buildApp wires it (src/wiring.ts)`);
      return provided(...args) as ReturnType<F>;
    },
  };
}
