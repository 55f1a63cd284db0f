import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { options } from "preact";
import { afterEach } from "vitest";

// Preact runs effects after the next frame, with a 35 ms timer in case no frame comes (a tab in
// the background). jsdom always draws frames, and that timer could fire after a test file's
// window is gone: frames alone decide here, and they end with the window.
options.requestAnimationFrame = (callback) => requestAnimationFrame(callback);

// The first render of a page loads its lazy chunks; on a busy two-core machine that can
// take longer than the library's one-second default for findBy and waitFor.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
