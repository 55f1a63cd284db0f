import { QueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { keepVisitorInput, readServerState, SERVER_STATE_ID } from "./server-state";

afterEach(() => {
  document.body.replaceChildren();
});

/** Markup as the server sent it, parsed as the browser parses a page. */
function serverMarkup(html: string): HTMLElement {
  const container = document.createElement("div");
  container.append(...new DOMParser().parseFromString(html, "text/html").body.childNodes);
  document.body.append(container);
  return container;
}

function stateElement(text: string): void {
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = SERVER_STATE_ID;
  element.textContent = text;
  document.body.append(element);
}

describe("readServerState", () => {
  it("fills the query cache with the answers the page came with, once", () => {
    const queryClient = new QueryClient();
    stateElement(
      JSON.stringify({
        mutations: [],
        queries: [
          {
            queryKey: ["content", "general"],
            queryHash: '["content","general"]',
            state: { data: { organisationName: "Riverside Gazette" }, dataUpdatedAt: Date.now(), status: "success" },
          },
        ],
      }),
    );
    expect(readServerState(queryClient)).toBe(true);
    expect(queryClient.getQueryData(["content", "general"])).toEqual({ organisationName: "Riverside Gazette" });
    expect(document.getElementById(SERVER_STATE_ID)).toBeNull();
  });

  it("answers false for a page without answers, or with answers it cannot read", () => {
    expect(readServerState(new QueryClient())).toBe(false);
    stateElement("{ not json");
    expect(readServerState(new QueryClient())).toBe(false);
  });
});

/** A form of the app's kind: controlled fields, empty until their own change events fill them. */
function AppForm({ seen }: { seen: Record<string, unknown> }) {
  const [name, setName] = useState("");
  const [story, setStory] = useState("");
  const [agreed, setAgreed] = useState(false);
  const [topic, setTopic] = useState("bus");
  Object.assign(seen, { name, story, agreed, topic });
  return (
    <form>
      <input id="name" value={name} onChange={(event) => setName(event.target.value)} />
      <textarea id="story" value={story} onChange={(event) => setStory(event.target.value)} />
      <input id="agree" type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
      <select id="topic" value={topic} onChange={(event) => setTopic(event.target.value)}>
        <option value="bus">Bus</option>
        <option value="bike">Bike</option>
      </select>
    </form>
  );
}

describe("keepVisitorInput", () => {
  it("puts what the visitor typed into the rendered page back through the app's own fields", () => {
    const container = serverMarkup(`<form>
      <input id="name" value=""><textarea id="story"></textarea>
      <input id="agree" type="checkbox">
      <select id="topic"><option value="bus" selected>Bus</option><option value="bike">Bike</option></select>
      <input id="untouched" value="kept as it was">
    </form>`);
    const typed = (id: string) => container.querySelector<HTMLInputElement>(`#${id}`)!;
    typed("name").value = "Sam";
    typed("story").value = "I cycle to work";
    typed("agree").checked = true;
    container.querySelector<HTMLSelectElement>("#topic")!.value = "bike";
    typed("story").focus();
    typed("story").setSelectionRange(2, 7);

    const restore = keepVisitorInput(container);
    // The app takes the page over: its own fields, empty.
    container.replaceChildren();
    const seen: Record<string, unknown> = {};
    render(<AppForm seen={seen} />, { container });
    act(() => restore());

    expect(seen).toEqual({ name: "Sam", story: "I cycle to work", agreed: true, topic: "bike" });
    const story = container.querySelector<HTMLTextAreaElement>("#story")!;
    expect(story.value).toBe("I cycle to work");
    expect(document.activeElement).toBe(story);
    expect([story.selectionStart, story.selectionEnd]).toEqual([2, 7]);
  });

  it("changes nothing when the visitor typed nothing", () => {
    const container = serverMarkup(`<input id="name" value="">`);
    const restore = keepVisitorInput(container);
    container.replaceChildren();
    const seen: Record<string, unknown> = {};
    render(<AppForm seen={seen} />, { container });
    act(() => restore());
    expect(seen).toEqual({ name: "", story: "", agreed: false, topic: "bus" });
  });
});
