import type { ReactNode } from "react";
import { Outlet } from "react-router";
import type { Callout } from "@cohort/common/callouts";
import { renderRoutes } from "./harness";

export const calloutId = "4f7d8a9e-1c2b-4d3e-8f5a-6b7c8d9e0f1a";
export const tagFollowUp = { id: "5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", name: "Follow up", description: "Call back" };
export const admin = {
  id: "0c9b8a7f-6e5d-4c3b-8a2f-1e0d9c8b7a6f",
  email: "ada@example.org",
  firstname: "Ada",
  lastname: "Editor",
  joined: "2024-01-01T00:00:00.000Z",
  activeRoles: ["admin"],
};
export const reviewer = {
  ...admin,
  id: "1d2c3b4a-5f6e-4d7c-9b8a-0f1e2d3c4b5a",
  firstname: "Rex",
  activeRoles: ["member"],
};
const guest = {
  ...admin,
  id: "2e3d4c5b-6a7f-4e8d-8c9b-1a2b3c4d5e6f",
  firstname: "Gina",
  lastname: "Guest",
  activeRoles: [],
};

export const callout: Callout = {
  id: calloutId,
  slug: "flooding",
  title: "Flooding",
  excerpt: "",
  image: "",
  starts: "2026-11-01T00:00:00.000Z",
  expires: null,
  allowUpdate: false,
  allowMultiple: true,
  hidden: false,
  access: "guest",
  captcha: "none",
  status: "open",
  channels: null,
  formSchema: {
    slides: [
      {
        id: "s1",
        title: "Story",
        navigation: {},
        components: [
          { id: "c1", key: "story", type: "textarea", label: "What happened?", input: true },
          {
            id: "c2",
            key: "district",
            type: "select",
            label: "District",
            input: true,
            data: {
              values: [
                { label: "North", value: "north" },
                { label: "South side", value: "south" },
              ],
            },
          },
          { id: "c3", key: "age", type: "number", label: "Age", input: true },
          { id: "c4", key: "photo", type: "file", label: "Photo", input: true },
        ],
      },
    ],
  },
};

export function response(number: number, extra: Record<string, unknown> = {}) {
  return {
    id: `7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0${number}`,
    number,
    createdAt: `2026-11-2${number}T09:00:00.000Z`,
    updatedAt: `2026-11-2${number}T09:00:00.000Z`,
    bucket: "",
    guestName: null,
    guestEmail: null,
    answers: {
      s1: { story: `Story ${number}`, district: "south", age: 40 + number, photo: [{ url: "/uploads/a.jpg" }] },
    },
    contact: guest,
    assignee: null,
    tags: [],
    latestComment: null,
    ...extra,
  };
}

export function page(items: unknown[], total = items.length) {
  return { items, total, offset: 0, count: items.length };
}

/** Renders a page of the callout's view with the callout in its outlet context, as the callout page gives it. */
export function renderCalloutPage(path: string, element: ReactNode, childPath: string) {
  return renderRoutes(
    [
      {
        path: "/admin/callouts/view/:id",
        element: <Outlet context={callout} />,
        children: [
          { path: childPath, element },
          { path: "responses/:rid", element: <p>Another response</p> },
        ],
      },
    ],
    path,
  );
}
