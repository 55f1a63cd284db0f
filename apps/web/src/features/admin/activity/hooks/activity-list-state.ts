import { activityKinds, type ActivityKind } from "@cohort/common/activity";
import type { ActivityListRequest } from "../../../../api/activity";
import { matchingParam, oneOfParam, pageParam, pageSizeParam, urlList } from "../../shared/url-list-state";

export const activityPageSizes = [25, 50, 100] as const;
export const defaultActivityPageSize = 25;
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

/** The address's parameters, in the order they are written. */
export const activityList = urlList<ActivityListState>({
  actor: matchingParam("actor", uuid),
  apiKey: matchingParam("key", keyId),
  kind: oneOfParam("kind", activityKinds, undefined),
  contact: matchingParam("contact", uuid),
  from: matchingParam("from", isoDay),
  to: matchingParam("to", isoDay),
  page: pageParam(),
  size: pageSizeParam(activityPageSizes, defaultActivityPageSize),
});

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
