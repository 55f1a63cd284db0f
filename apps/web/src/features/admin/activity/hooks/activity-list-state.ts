import { activityKinds, type ActivityKind } from "@cohort/common/activity";
import type { ActivityListRequest } from "../../../../api/activity";
import { readPage } from "../../shared/list-params";

export const activityPageSizes = [25, 50, 100] as const;
export const defaultActivityPageSize = 25;
const defaultPageSize = defaultActivityPageSize;
const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const keyId = /^[0-9a-f]{16}$/;

/** What the activity list shows, as the address keeps it. */
export interface ActivityListState {
  /** The person who acted. */
  actor: string | undefined;
  /** The API key that acted. */
  apiKey: string | undefined;
  kind: ActivityKind | undefined;
  contact: string | undefined;
  /** Inclusive first and last day, YYYY-MM-DD. */
  from: string | undefined;
  to: string | undefined;
  page: number;
  size: number;
}

const matching = (pattern: RegExp, value: string | null) => (value && pattern.test(value) ? value : undefined);

export function readActivityListState(params: URLSearchParams): ActivityListState {
  return {
    actor: matching(uuid, params.get("actor")),
    apiKey: matching(keyId, params.get("key")),
    kind: activityKinds.find((kind) => kind === params.get("kind")),
    contact: matching(uuid, params.get("contact")),
    from: matching(isoDay, params.get("from")),
    to: matching(isoDay, params.get("to")),
    ...readPage(params, activityPageSizes, defaultPageSize),
  };
}

/** The address for a state; defaults stay out of it. */
export function writeActivityListState(state: ActivityListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.actor) params.set("actor", state.actor);
  if (state.apiKey) params.set("key", state.apiKey);
  if (state.kind) params.set("kind", state.kind);
  if (state.contact) params.set("contact", state.contact);
  if (state.from) params.set("from", state.from);
  if (state.to) params.set("to", state.to);
  if (state.page > 1) params.set("page", String(state.page));
  if (state.size !== defaultPageSize) params.set("size", String(state.size));
  return params;
}

/** A day's first or last moment in the browser's time zone, as an ISO string. */
function dayEdge(day: string | undefined, edge: "start" | "end"): string | undefined {
  if (!day) return undefined;
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const moment =
    edge === "start" ? new Date(year, month - 1, date, 0, 0, 0, 0) : new Date(year, month - 1, date, 23, 59, 59, 999);
  return moment.toISOString();
}

export function activityListRequest(state: ActivityListState): ActivityListRequest {
  return {
    limit: state.size,
    offset: (state.page - 1) * state.size,
    actorId: state.actor,
    apiKeyId: state.apiKey,
    kind: state.kind,
    contactId: state.contact,
    from: dayEdge(state.from, "start"),
    to: dayEdge(state.to, "end"),
  };
}
