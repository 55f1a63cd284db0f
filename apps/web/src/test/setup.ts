import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { options } from "preact";
import { webcrypto } from "node:crypto";
import { ReadableStream, TransformStream, WritableStream } from "node:stream/web";
import { afterEach } from "vitest";

// Each test file's window is a VM context of its own (decision 079), which lacks some of what a
// browser has: Web Crypto's digests (the captcha's proof of work) and streams (a CSV read as it
// arrives). Node's own stand in, as they do for `fetch` and `Response`.
if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, "crypto", { value: webcrypto, configurable: true });
for (const [name, value] of Object.entries({ ReadableStream, TransformStream, WritableStream })) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}

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
