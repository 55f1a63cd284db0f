import type { NewsletterStatus } from "@cohort/common/contacts";
import type { NewsletterConnectionTest } from "@cohort/common/newsletter";
import { outgoingFailure, type OutgoingFetch } from "../../lib/outgoing.js";
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

/**
 * listmonk through its HTTP API, every request through the guarded client of decision 054
 * (its address is one people set). The main list is the audience; each group is a list of its own.
 */
export class ListmonkProvider implements NewsletterProvider {
  readonly name = "listmonk";
  readonly batchSize = 100;
  private readonly base: string;

  constructor(
    private readonly connection: NewsletterConnection,
    private readonly fetch: OutgoingFetch,
  ) {
    this.base = connection.apiUrl.replace(/\/$/, "");
  }

  private async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Awaited<ReturnType<OutgoingFetch>>;
    try {
      response = await this.fetch(`${this.base}${path}`, {
        method,
        headers: {
          authorization: `token ${this.connection.apiKey}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new NewsletterProviderError(`listmonk: ${outgoingFailure(error)}`, null);
    }
    const text = await response.text();
    if (!response.ok) {
      let message = text.slice(0, 200);
      try {
        const parsed = JSON.parse(text) as { message?: unknown };
        if (typeof parsed.message === "string") message = parsed.message;
      } catch {
        // not JSON: the text itself
      }
      throw new NewsletterProviderError(`listmonk: ${response.status} ${message}`, response.status);
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
      attribs: {
        cohort: { firstname: member.firstname, lastname: member.lastname, membership: member.membership },
      },
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

  async upsertMany(members: NewsletterMember[]): Promise<{ refused: string[] }> {
    const refused: string[] = [];
    for (const member of members) {
      try {
        await this.upsert(member, null);
      } catch {
        refused.push(member.email);
      }
    }
    return { refused };
  }
}
