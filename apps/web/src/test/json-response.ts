import type { Contact } from "@cohort/common/contacts";
import type { GeneralContent } from "@cohort/common/content";
import { defaultGeneralContent } from "@cohort/common/content";

/** A fetch answer with a JSON body. */
export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/** The site settings of a new install, for a newsroom that works in euros. */
export const generalContent: GeneralContent = {
  ...defaultGeneralContent,
  organisationName: "Riverside Gazette",
  currencyCode: "EUR",
  currencySymbol: "€",
};

export function contact(activeRoles: string[] = ["member"]) {
  return {
    id: "6f1c3c1e-8a4b-4c55-9d8e-2b1f0a7e9c11",
    email: "sam@example.com",
    firstname: "Sam",
    lastname: "Reader",
    joined: "2024-03-01T10:00:00.000Z",
    activeRoles,
  };
}

/** Another contact, who is a superadmin. */
export function superadminContact(): Contact {
  return {
    ...contact(["superadmin", "admin"]),
    id: "0d5e7a52-3f0f-4c1f-9a57-5b8f8f0b6c21",
    email: "boss@example.com",
    roles: [{ role: "superadmin", dateAdded: "2024-01-01T00:00:00.000Z", dateExpires: null }],
  } as Contact;
}

/** The address a fetch call asked for. */
export function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === "string") return input;
  return input instanceof URL ? input.href : input.url;
}

/** The map settings the server reports: no geocoder, and the organisation's basemap style, if any. */
export function mapConfigResponse(styleUrl: string | null): Response {
  return jsonResponse(200, { geocoding: { available: false }, basemap: { available: styleUrl !== null, styleUrl } });
}
