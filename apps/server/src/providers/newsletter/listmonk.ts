import { randomUUID } from "node:crypto";
import type { NewsletterStatus } from "@cohort/common/contacts";
import type { NewsletterConnectionTest } from "@cohort/common/newsletter";
import { outgoingFailure, type OutgoingRequest } from "../../lib/outgoing.js";
import {
  NewsletterProviderError,
  type NewsletterConnection,
  type NewsletterMember,
  type NewsletterProvider,
} from "./provider.js";

interface ListmonkSubscriber {
  id: number;
  email: string;
  name: string;
  status: string;
  lists?: { id: number; subscription_status?: string }[];
  attribs?: { cohort?: { firstname?: unknown; lastname?: unknown; membership?: unknown } };
}

const REQUEST_TIMEOUT_MS = 20_000;
/** An import is asynchronous in listmonk: Cohort looks at its state this often, for at most this long. */
const IMPORT_POLL_MS = 500;
const IMPORT_WAIT_MS = 10 * 60_000;
/** The longest search query (encoded) one request carries in its address. */
const MAX_QUERY_LENGTH = 6000;

/**
 * listmonk through its HTTP API, every request through the guarded client of decision 054
 * (its address is one people set). The main list is the audience; each group is a list of its own.
 */
export class ListmonkProvider implements NewsletterProvider {
  readonly name = "listmonk";
  readonly batchSize = 500;
  private readonly base: string;

  constructor(
    private readonly connection: NewsletterConnection,
    private readonly send: OutgoingRequest,
  ) {
    this.base = connection.apiUrl.replace(/\/$/, "");
  }

  /** A JSON body, or a multipart form already written out (the import). */
  private async request<T>(
    method: string,
    path: string,
    body?: Record<string, unknown> | { multipart: string; boundary: string },
  ): Promise<T> {
    const multipart = body && "multipart" in body && typeof body.multipart === "string" ? body : null;
    let response: Awaited<ReturnType<OutgoingRequest>>;
    let text: string;
    try {
      response = await this.send(`${this.base}${path}`, {
        method,
        headers: {
          authorization: `token ${this.connection.apiKey}`,
          ...(body === undefined
            ? {}
            : {
                "content-type": multipart
                  ? `multipart/form-data; boundary=${String(multipart.boundary)}`
                  : "application/json",
              }),
        },
        ...(body === undefined ? {} : { body: multipart ? String(multipart.multipart) : JSON.stringify(body) }),
        // listmonk silent for this long, before answering or in the middle of its answer, fails the call.
        headersTimeout: REQUEST_TIMEOUT_MS,
        bodyTimeout: REQUEST_TIMEOUT_MS,
      });
      text = await response.body.text();
    } catch (error) {
      throw new NewsletterProviderError(`listmonk: ${outgoingFailure(error)}`, null);
    }
    if (response.statusCode < 200 || response.statusCode > 299) {
      let message = text.slice(0, 200);
      try {
        const parsed = JSON.parse(text) as { message?: unknown };
        if (typeof parsed.message === "string") message = parsed.message;
      } catch {
        // not JSON: the text itself
      }
      throw new NewsletterProviderError(`listmonk: ${response.statusCode} ${message}`, response.statusCode);
    }
    return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
  }

  private listIds(member: NewsletterMember): number[] {
    const groups = new Set(member.groups);
    return [
      Number(this.connection.listId),
      ...this.connection.groups.filter((group) => groups.has(group.id)).map((group) => Number(group.id)),
    ].filter((id) => Number.isInteger(id));
  }

  private async find(email: string): Promise<ListmonkSubscriber | null> {
    const query = `subscribers.email = '${email.toLowerCase().replace(/'/g, "''")}'`;
    const page = await this.request<{ results?: ListmonkSubscriber[] }>(
      "GET",
      `/api/subscribers?per_page=1&query=${encodeURIComponent(query)}`,
    );
    return page.results?.[0] ?? null;
  }

  async upsert(member: NewsletterMember, previousEmail: string | null): Promise<void> {
    const existing = (previousEmail ? await this.find(previousEmail) : null) ?? (await this.find(member.email));
    if (member.status === "none") {
      if (existing) await this.request("DELETE", `/api/subscribers/${existing.id}`);
      return;
    }
    const lists = this.listIds(member);
    const body = {
      email: member.email,
      name: `${member.firstname} ${member.lastname}`.trim() || member.email.split("@")[0],
      status: member.status === "cleaned" ? "blocklisted" : "enabled",
      lists,
      // A pending address gets listmonk's own opt-in email on a double opt-in list.
      preconfirm_subscriptions: member.status === "subscribed",
      attribs: this.attribs(member),
    };
    const saved = existing
      ? await this.request<ListmonkSubscriber>("PUT", `/api/subscribers/${existing.id}`, body)
      : await this.request<ListmonkSubscriber>("POST", "/api/subscribers", body);
    if (member.status === "unsubscribed" && lists.length > 0) {
      await this.request("PUT", "/api/subscribers/lists", {
        ids: [saved.id],
        action: "unsubscribe",
        target_list_ids: lists,
      });
    }
  }

  async remove(email: string): Promise<void> {
    const existing = await this.find(email);
    if (existing) await this.request("DELETE", `/api/subscribers/${existing.id}`);
  }

  async test(): Promise<NewsletterConnectionTest> {
    try {
      await this.request("GET", "/api/health");
    } catch (error) {
      const status = (error as NewsletterProviderError).status;
      return { ok: false, problem: status === 401 || status === 403 ? "key" : "unreachable" };
    }
    try {
      // /api/health answers without a key on some versions: the list asks for one.
      const list = await this.request<{ name?: string }>(
        "GET",
        `/api/lists/${encodeURIComponent(this.connection.listId)}`,
      );
      return { ok: true, listName: list.name ?? "" };
    } catch (error) {
      const status = (error as NewsletterProviderError).status;
      if (status === 401 || status === 403) return { ok: false, problem: "key" };
      return { ok: false, problem: status === 404 || status === 400 ? "list" : "unreachable" };
    }
  }

  /** Cohort's reading of a listmonk subscriber. */
  toMember(subscriber: ListmonkSubscriber): NewsletterMember {
    const main = subscriber.lists?.find((list) => String(list.id) === this.connection.listId);
    const status: NewsletterStatus =
      subscriber.status === "blocklisted"
        ? "cleaned"
        : main?.subscription_status === "confirmed"
          ? "subscribed"
          : main?.subscription_status === "unconfirmed"
            ? "pending"
            : main?.subscription_status === "unsubscribed"
              ? "unsubscribed"
              : "none";
    const onLists = new Set(
      (subscriber.lists ?? [])
        .filter((list) => list.subscription_status !== "unsubscribed" || status === "unsubscribed")
        .map((list) => String(list.id)),
    );
    const cohort = subscriber.attribs?.cohort;
    const membership = cohort?.membership;
    return {
      email: subscriber.email.toLowerCase(),
      firstname: typeof cohort?.firstname === "string" ? cohort.firstname : "",
      lastname: typeof cohort?.lastname === "string" ? cohort.lastname : "",
      status,
      groups: this.connection.groups.filter((group) => onLists.has(group.id)).map((group) => group.id),
      membership: membership === "active" || membership === "lapsed" ? membership : "none",
    };
  }

  /** Subscribers of the list changed after `since` (listmonk sends no webhooks: Cohort pulls). */
  async *changedSince(since: Date | null): AsyncIterable<NewsletterMember[]> {
    const perPage = 500;
    const query = since ? `subscribers.updated_at > '${since.toISOString()}'` : "";
    for (let page = 1; ; page += 1) {
      const answer = await this.request<{ results?: ListmonkSubscriber[] }>(
        "GET",
        `/api/subscribers?list_id=${encodeURIComponent(this.connection.listId)}&per_page=${perPage}&page=${page}` +
          (query ? `&query=${encodeURIComponent(query)}` : ""),
      );
      const results = answer.results ?? [];
      yield results.map((subscriber) => this.toMember(subscriber));
      if (results.length < perPage) return;
    }
  }

  members(): AsyncIterable<NewsletterMember[]> {
    return this.changedSince(null);
  }

  /**
   * The ids of the subscribers with these addresses, in as few searches as keep each address short: the
   * query travels in the URL, and servers and proxies refuse long ones (often above 8 KiB).
   */
  private async findMany(emails: string[]): Promise<Map<string, number>> {
    // Only the ids are kept: the subscribers as listmonk answers them are dropped at once,
    // rather than waiting through the batch's other requests.
    const found = new Map<string, number>();
    let part: string[] = [];
    let length = 0;
    const search = async () => {
      if (part.length === 0) return;
      const query = encodeURIComponent(`subscribers.email IN (${part.join(",")})`);
      const page = await this.request<{ results?: ListmonkSubscriber[] }>(
        "GET",
        `/api/subscribers?per_page=${part.length}&query=${query}`,
      );
      for (const subscriber of page.results ?? []) found.set(subscriber.email.toLowerCase(), subscriber.id);
      part = [];
      length = 0;
    };
    for (const email of emails) {
      const quoted = `'${email.toLowerCase().replace(/'/g, "''")}'`;
      const encoded = encodeURIComponent(quoted).length + 3;
      if (length + encoded > MAX_QUERY_LENGTH) await search();
      part.push(quoted);
      length += encoded;
    }
    await search();
    return found;
  }

  /** Creates or overwrites the subscribers' names and Cohort's attributes with one CSV import, and waits for it. */
  private async importRows(members: NewsletterMember[]): Promise<void> {
    if (members.length === 0) return;
    const cell = (value: string) => `"${value.replace(/"/g, '""')}"`;
    const csv = [
      "email,name,attributes",
      ...members.map((member) =>
        [
          cell(member.email),
          cell(`${member.firstname} ${member.lastname}`.trim() || (member.email.split("@")[0] ?? "")),
          cell(JSON.stringify(this.attribs(member))),
        ].join(","),
      ),
    ].join("\n");
    // Lists are set afterwards by the bulk list call, each with its status; the import only writes the people.
    const params = JSON.stringify({ mode: "subscribe", delim: ",", lists: [], overwrite: true });
    const boundary = `cohort-${randomUUID()}`;
    const body = [
      `--${boundary}\r\nContent-Disposition: form-data; name="params"\r\n\r\n${params}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cohort.csv"\r\n`,
      `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    ].join("");
    await this.request("POST", "/api/import/subscribers", { multipart: body, boundary });
    const until = Date.now() + IMPORT_WAIT_MS;
    for (;;) {
      const state = await this.request<{ status?: string }>("GET", "/api/import/subscribers");
      if (state.status === "finished") return;
      if (state.status === "failed" || state.status === "stopped") {
        throw new NewsletterProviderError(`listmonk: the import ended as ${state.status}`, null);
      }
      if (Date.now() > until) throw new NewsletterProviderError("listmonk: the import did not finish in time", null);
      await new Promise((resolve) => setTimeout(resolve, IMPORT_POLL_MS));
    }
  }

  /** One bulk change of list subscriptions (`PUT /api/subscribers/lists`), when there is anyone to change. */
  private async changeLists(
    ids: number[],
    action: "add" | "remove" | "unsubscribe",
    lists: number[],
    status?: "confirmed" | "unconfirmed",
  ): Promise<void> {
    if (ids.length === 0 || lists.length === 0) return;
    await this.request("PUT", "/api/subscribers/lists", {
      ids,
      action,
      target_list_ids: lists,
      ...(status ? { status } : {}),
    });
  }

  /**
   * A whole batch with listmonk's bulk operations (decision 065), a fixed number of calls
   * whatever its size: one search for who exists, one delete of those Cohort no longer lists,
   * one blocklisting of the cleaned, one CSV import that writes names and attributes, one
   * search for the ids, then a bulk list change per list and status. An address missing after
   * the import is refused. The import sends no opt-in email, so a pending contact reconciled
   * here stays unconfirmed until the ordinary sync or the member confirms.
   */
  async upsertMany(members: NewsletterMember[]): Promise<{ refused: string[] }> {
    const before = await this.findMany(members.map((member) => member.email));
    const gone = members.flatMap((member) =>
      member.status === "none" && before.has(member.email) ? [before.get(member.email)!] : [],
    );
    if (gone.length > 0) await this.request("DELETE", `/api/subscribers?${gone.map((id) => `id=${id}`).join("&")}`);
    const cleaned = members.flatMap((member) =>
      member.status === "cleaned" && before.has(member.email) ? [before.get(member.email)!] : [],
    );
    if (cleaned.length > 0) await this.request("PUT", "/api/subscribers/blocklist", { ids: cleaned });
    const listed = members.filter((member) => member.status !== "none" && member.status !== "cleaned");
    await this.importRows(listed);
    const after = await this.findMany(listed.map((member) => member.email));
    const refused = listed.filter((member) => !after.has(member.email)).map((member) => member.email);
    const found = listed.filter((member) => after.has(member.email));
    const idOf = (member: NewsletterMember) => after.get(member.email)!;
    const main = Number(this.connection.listId);
    const lists = [main, ...this.connection.groups.map((group) => Number(group.id))].filter(Number.isInteger);
    for (const list of lists) {
      const on = found.filter((member) => this.listIds(member).includes(list));
      // Subscribed is confirmed; pending, and the unsubscribed before they are unsubscribed below, unconfirmed.
      const confirmed = on.filter((member) => member.status === "subscribed").map(idOf);
      await this.changeLists(confirmed, "add", [list], "confirmed");
      await this.changeLists(
        on.filter((member) => member.status !== "subscribed").map(idOf),
        "add",
        [list],
        "unconfirmed",
      );
      if (list !== main) {
        await this.changeLists(found.filter((member) => !on.includes(member)).map(idOf), "remove", [list]);
      }
    }
    const unsubscribed = found.filter((member) => member.status === "unsubscribed");
    await this.changeLists(unsubscribed.map(idOf), "unsubscribe", lists);
    return { refused };
  }

  private attribs(member: NewsletterMember) {
    return { cohort: { firstname: member.firstname, lastname: member.lastname, membership: member.membership } };
  }
}
