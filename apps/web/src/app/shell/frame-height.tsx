import { useEffect } from "react";
import { isInFrame } from "../router/in-frame";

/** The message the app sends to the page it is embedded in; public/embed.js listens for it. */
export const FRAME_HEIGHT_MESSAGE = "cohort:height";

/**
 * Inside a frame on another site (see public/embed.js), tells that page the
 * height of the content whenever it changes, so the frame can fit it
 * without a scroll bar of its own. Renders nothing.
 */
export function FrameHeight() {
  useEffect(() => {
    if (!isInFrame() || typeof ResizeObserver === "undefined") return;
    let lastHeight = -1;
    let frame = 0;
    const report = () => {
      frame = 0;
      const height = Math.ceil(document.body.getBoundingClientRect().height);
      if (height === lastHeight) return;
      lastHeight = height;
      // Only a number goes out, so any embedding page may hear it.
      window.parent.postMessage({ type: FRAME_HEIGHT_MESSAGE, height }, "*");
    };
    const observer = new ResizeObserver(() => {
      frame ||= requestAnimationFrame(report);
    });
    observer.observe(document.body);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
  return null;
}
