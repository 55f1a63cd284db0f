import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { readJson, serveJson, type JsonAnswer } from "./json-server.js";

/**
 * A local stand-in for Mailchimp's Marketing API (version 3.0): the paths and shapes Cohort
 * uses (ping, an audience, its members, their tags and interests, batch member updates, the
 * member listing), one audience per list id, kept in memory.
 */
export interface MailchimpStandInMember {
  email_address: string;
  status: "subscribed" | "unsubscribed" | "cleaned" | "pending" | "archived";
  merge_fields: { FNAME: string; LNAME: string };
  interests: Record<string, boolean>;
  tags: string[];
}

export interface MailchimpStandIn {
  /** The address to give Cohort (MAILCHIMP_API_URL); the client adds /3.0. */
  url: string;
  /** A key the stand-in accepts, with its data centre (`…-us1`). */
  apiKey: string;
  listId: string;
  /** The audience's members by subscriber hash. */
  members: Map<string, MailchimpStandInMember>;
  /** Every request seen: method and path. */
  requests: string[];
  /** Answer member writes with this status instead (e.g. 503), or null. */
  failWith: number | null;
  member(email: string): MailchimpStandInMember | undefined;
  close(): Promise<void>;
}

const hash = (email: string) => createHash("md5").update(email.toLowerCase()).digest("hex");

function problem(status: number, title: string, detail: string) {
  return {
    status,
    body: { type: "https://mailchimp.com/developer/marketing/docs/errors/", title, status, detail, instance: "" },
  };
}

export async function startMailchimpStandIn(
  options: { apiKey?: string; listId?: string; listName?: string } = {},
): Promise<MailchimpStandIn> {
  const apiKey = options.apiKey ?? "0123456789abcdef0123456789abcdef-us1";
  const listId = options.listId ?? "a1b2c3d4e5";
  const members = new Map<string, MailchimpStandInMember>();
  const standIn: MailchimpStandIn = {
    url: "",
    apiKey,
    listId,
    members,
    requests: [],
    failWith: null,
    member: (email) => members.get(hash(email)),
    close: async () => {},
  };

  function upsert(key: string, body: Record<string, unknown>, existing: MailchimpStandInMember | undefined) {
    const email = (
      typeof body.email_address === "string" ? body.email_address : (existing?.email_address ?? "")
    ).toLowerCase();
    if (!email.includes("@")) return problem(400, "Invalid Resource", "Please provide a valid email address.");
    const newKey = hash(email);
    if (newKey !== key && members.has(newKey) && members.get(newKey)?.status !== "archived") {
      return problem(400, "Member Exists", `${email} is already a list member.`);
    }
    const status = (existing && existing.status !== "archived" ? body.status : (body.status ?? body.status_if_new)) as
      MailchimpStandInMember["status"] | undefined;
    if (status === "cleaned") return problem(400, "Invalid Resource", "Status cannot be set to cleaned.");
    const merge = (body.merge_fields ?? {}) as { FNAME?: string; LNAME?: string };
    const member: MailchimpStandInMember = {
      email_address: email,
      status: status ?? (existing?.status === "archived" ? "subscribed" : (existing?.status ?? "subscribed")),
      merge_fields: {
        FNAME: merge.FNAME ?? existing?.merge_fields.FNAME ?? "",
        LNAME: merge.LNAME ?? existing?.merge_fields.LNAME ?? "",
      },
      interests: { ...(existing?.interests ?? {}), ...((body.interests ?? {}) as Record<string, boolean>) },
      tags: existing?.tags ?? [],
    };
    members.delete(key);
    members.set(newKey, member);
    return { status: 200, body: { id: newKey, ...member, tags: member.tags.map((name) => ({ id: 1, name })) } };
  }

  async function handle(request: IncomingMessage): Promise<JsonAnswer> {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const method = request.method ?? "GET";
    standIn.requests.push(`${method} ${url.pathname}`);
    const auth = request.headers.authorization ?? "";
    const given = auth.startsWith("Basic ")
      ? Buffer.from(auth.slice(6), "base64").toString("utf8").split(":").slice(1).join(":")
      : "";
    if (given !== apiKey) {
      return problem(
        401,
        "API Key Invalid",
        "Your API key may be invalid, or you've attempted to access the wrong datacenter.",
      );
    }
    const parts = url.pathname
      .replace(/^\/3\.0/, "")
      .split("/")
      .filter(Boolean);
    if (parts[0] === "ping") return { status: 200, body: { health_status: "Everything's Chimpy!" } };
    if (parts[0] !== "lists") return problem(404, "Resource Not Found", "The requested resource could not be found.");
    if (parts[1] !== listId) return problem(404, "Resource Not Found", "The requested resource could not be found.");
    if (parts.length === 2 && method === "GET") {
      return {
        status: 200,
        body: { id: listId, name: options.listName ?? "Harbour Post readers", stats: { member_count: members.size } },
      };
    }
    if (parts.length === 2 && method === "POST") {
      if (standIn.failWith) return problem(standIn.failWith, "Service Unavailable", "Try again later.");
      const body = await readJson(request);
      const list = Array.isArray(body.members) ? (body.members as Record<string, unknown>[]) : [];
      if (list.length > 500) return problem(400, "Invalid Resource", "Batch size is limited to 500 members.");
      const created: unknown[] = [];
      const updated: unknown[] = [];
      const errors: unknown[] = [];
      for (const entry of list) {
        const key = hash(typeof entry.email_address === "string" ? entry.email_address : "");
        const existing = members.get(key);
        if (existing && !body.update_existing) {
          errors.push({
            email_address: entry.email_address,
            error: "Member exists",
            error_code: "ERROR_CONTACT_EXISTS",
          });
          continue;
        }
        const answer = upsert(key, { ...entry, status: entry.status }, existing);
        if (answer.status !== 200) {
          errors.push({
            email_address: entry.email_address,
            error: (answer.body as { detail: string }).detail,
            error_code: "ERROR_GENERIC",
          });
          continue;
        }
        // As Mailchimp: the batch adds the tags it names and takes none away, and answers each
        // member as it now is, tags included.
        const saved = members.get(hash(String(entry.email_address)));
        if (saved && Array.isArray(entry.tags)) saved.tags = [...new Set([...saved.tags, ...(entry.tags as string[])])];
        (existing ? updated : created).push(
          saved ? { ...answer.body, tags: saved.tags.map((name) => ({ id: 1, name })) } : answer.body,
        );
      }
      return {
        status: 200,
        body: {
          new_members: created,
          updated_members: updated,
          errors,
          total_created: created.length,
          total_updated: updated.length,
          error_count: errors.length,
        },
      };
    }
    if (parts[2] !== "members") return problem(404, "Resource Not Found", "The requested resource could not be found.");
    if (parts.length === 3 && method === "GET") {
      const count = Math.min(Number(url.searchParams.get("count") ?? 10), 1000);
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const all = [...members.values()].filter((member) => member.status !== "archived");
      return {
        status: 200,
        body: {
          members: all.slice(offset, offset + count).map((member) => ({
            ...member,
            tags: member.tags.map((name) => ({ id: 1, name })),
          })),
          total_items: all.length,
        },
      };
    }
    const key = parts[3] ?? "";
    const existing = members.get(key);
    if (parts.length === 4) {
      if (method === "GET") {
        if (!existing || existing.status === "archived") {
          return problem(404, "Resource Not Found", "The requested resource could not be found.");
        }
        return { status: 200, body: { id: key, ...existing, tags: existing.tags.map((name) => ({ id: 1, name })) } };
      }
      if (standIn.failWith) return problem(standIn.failWith, "Service Unavailable", "Try again later.");
      if (method === "PUT" || method === "PATCH") {
        if (method === "PATCH" && !existing) {
          return problem(404, "Resource Not Found", "The requested resource could not be found.");
        }
        return upsert(key, await readJson(request), existing);
      }
      if (method === "DELETE") {
        if (!existing || existing.status === "archived") {
          return problem(404, "Resource Not Found", "The requested resource could not be found.");
        }
        existing.status = "archived";
        return { status: 204 };
      }
    }
    if (parts.length === 5 && parts[4] === "tags" && method === "POST") {
      if (standIn.failWith) return problem(standIn.failWith, "Service Unavailable", "Try again later.");
      if (!existing) return problem(404, "Resource Not Found", "The requested resource could not be found.");
      const body = await readJson(request);
      for (const tag of (body.tags ?? []) as { name: string; status: string }[]) {
        existing.tags = existing.tags.filter((name) => name !== tag.name);
        if (tag.status === "active") existing.tags.push(tag.name);
      }
      return { status: 204 };
    }
    return problem(405, "Method Not Allowed", "The requested method and resource are not compatible.");
  }

  const served = await serveJson(handle);
  standIn.url = served.url;
  standIn.close = () => served.close();
  return standIn;
}
