/*
 * Embeds a Cohort page in another site:
 *
 *   <script src="https://members.example.org/embed.js" data-url="callouts/my-callout"></script>
 *
 * inserts a full-width frame showing that page right after the script tag,
 * and keeps the frame as tall as the page inside it: the app posts
 * {type: "cohort:height", height} whenever its height changes.
 */
/* global document, window */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src) return;
  var appOrigin = new URL(script.src, window.location.href).origin;
  var path = (script.getAttribute("data-url") || "").replace(/^\/+/, "");

  var frame = document.createElement("iframe");
  frame.src = appOrigin + "/" + path;
  frame.title = script.getAttribute("data-title") || "Cohort";
  frame.setAttribute("scrolling", "no");
  frame.style.display = "block";
  frame.style.width = "100%";
  frame.style.height = "640px";
  frame.style.border = "0";
  frame.style.overflow = "hidden";
  script.parentNode.insertBefore(frame, script.nextSibling);

  window.addEventListener("message", function (event) {
    if (event.source !== frame.contentWindow || event.origin !== appOrigin) return;
    var data = event.data;
    if (!data || data.type !== "cohort:height" || typeof data.height !== "number" || !isFinite(data.height)) return;
    frame.style.height = Math.max(0, Math.ceil(data.height)) + "px";
  });
})();
