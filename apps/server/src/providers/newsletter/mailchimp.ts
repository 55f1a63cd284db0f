import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type { NewsletterStatus } from "@cohort/common/contacts";
import type { NewsletterConnectionTest } from "@cohort/common/newsletter";
import {
  NewsletterProviderError,
  type NewsletterConnection,
  type NewsletterMember,
  type NewsletterProvider,
  type ProviderCopy,
} from "./provider.js";

/** The parts of the official client (`@mailchimp/mailchimp_marketing`) Cohort calls. */
interface MailchimpClient {
  basePath: string;
  timeout: number;
  setConfig(config: { apiKey: string; server: string }): void;
  ping: { get(): Promise<unknown> };
  lists: {
    getList(listId: string, opts?: Record<string, unknown>): Promise<{ name?: string }>;
    setListMember(listId: string, hash: string, body: Record<string, unknown>): Promise<unknown>;
    deleteListMember(listId: string, hash: string): Promise<unknown>;
    updateListMemberTags(
      listId: string,
      hash: string,
      body: { tags: { name: string; status: string }[] },
    ): Promise<unknown>;
    /** `body` is `{ members, update_existing }`, here already written as JSON. */
    batchListMembers(
      listId: string,
      body: string,
    ): Promise<{
      new_members?: BatchedMember[];
      updated_members?: BatchedMember[];
      errors?: { email_address?: string }[];
    }>;
    getListMembersInfo(
      listId: string,
      opts: { count: number; offset: number; fields?: string[] },
    ): Promise<{ members?: MailchimpMember[]; total_items?: number }>;
  };
}

interface MailchimpMember {
  email_address: string;
  status: string;
  merge_fields?: { FNAME?: unknown; LNAME?: unknown };
  interests?: Record<string, boolean>;
  tags?: { name: string }[];
}

/** A member as the batch call answers it: as it is after the batch, tags included. */
interface BatchedMember {
  email_address?: string;
  tags?: { name?: string }[];
}

const require = createRequire(import.meta.url);
// The package's entry point is one shared client; its constructor gives each connection its own.
const ApiClient = require("@mailchimp/mailchimp_marketing/src/ApiClient.js") as new () => MailchimpClient;

/** Mailchimp's id for a member of a list: the MD5 of the lower-cased address. */
export function subscriberHash(email: string): string {
  return createHash("md5").update(email.toLowerCase()).digest("hex");
}

/** The data centre a key belongs to: the part after its last dash (`…-us6`). */
export function dataCentre(apiKey: string): string | null {
  const match = /-([a-z]{2,4}\d{1,3})$/i.exec(apiKey.trim());
  return match?.[1]?.toLowerCase() ?? null;
}

function failure(error: unknown): NewsletterProviderError {
  const status = (error as { status?: unknown }).status;
  const body = (error as { response?: { body?: { detail?: unknown; title?: unknown } } }).response?.body;
  const detail = typeof body?.detail === "string" ? body.detail : typeof body?.title === "string" ? body.title : null;
  const message = detail ?? (error instanceof Error ? error.message : String(error));
  return new NewsletterProviderError(`Mailchimp: ${message}`, typeof status === "number" ? status : null);
}

async function calling<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw failure(error);
  }
}

const carries = (tags: { name?: string }[], name: string) => tags.some((tag) => tag.name === name);

const fromMailchimpStatus = (status: string): NewsletterStatus =>
  status === "subscribed" || status === "unsubscribed" || status === "cleaned" || status === "pending"
    ? status
    : "none";

/** Mailchimp through its official client; `baseUrl` (tests, stand-ins) replaces https://<dc>.api.mailchimp.com. */
export class MailchimpProvider implements NewsletterProvider {
  readonly name = "mailchimp";
  readonly batchSize = 500;
  private readonly client: MailchimpClient;

  constructor(
    private readonly connection: NewsletterConnection,
    baseUrl?: string,
  ) {
    this.client = new ApiClient();
    this.client.timeout = 20_000;
    if (baseUrl) this.client.basePath = `${baseUrl.replace(/\/$/, "")}/3.0`;
    this.client.setConfig({ apiKey: connection.apiKey, server: dataCentre(connection.apiKey) ?? "invalid-server" });
  }

  private body(member: NewsletterMember): Record<string, unknown> {
    const groups = new Set(member.groups);
    return {
      email_address: member.email,
      // Mailchimp sends its own confirmation to a pending address; one that is already on the
      // list keeps its status until they confirm or Cohort learns otherwise.
      status_if_new: member.status,
      ...(member.status === "pending" ? {} : { status: member.status }),
      merge_fields: { FNAME: member.firstname, LNAME: member.lastname },
      ...(this.connection.groups.length > 0
        ? { interests: Object.fromEntries(this.connection.groups.map((group) => [group.id, groups.has(group.id)])) }
        : {}),
    };
  }

  private tags(member: NewsletterMember) {
    return [
      { name: this.connection.activeMemberTag, status: member.membership === "active" ? "active" : "inactive" },
      { name: this.connection.lapsedMemberTag, status: member.membership === "lapsed" ? "active" : "inactive" },
    ];
  }

  async upsert(member: NewsletterMember, previousEmail: string | null): Promise<void> {
    const listId = this.connection.listId;
    const known = subscriberHash(previousEmail ?? member.email);
    if (member.status === "none") {
      await this.remove(previousEmail ?? member.email);
      return;
    }
    // Mailchimp alone cleans addresses; Cohort learns of it and has nothing to send.
    if (member.status === "cleaned") return;
    await calling(() => this.client.lists.setListMember(listId, known, this.body(member)));
    await calling(() =>
      this.client.lists.updateListMemberTags(listId, subscriberHash(member.email), { tags: this.tags(member) }),
    );
  }

  async remove(email: string): Promise<void> {
    try {
      await this.client.lists.deleteListMember(this.connection.listId, subscriberHash(email));
    } catch (error) {
      const refused = failure(error);
      // Not on the list (any more): the end state is reached.
      if (refused.status !== 404 && refused.status !== 405) throw refused;
    }
  }

  async test(): Promise<NewsletterConnectionTest> {
    if (!dataCentre(this.connection.apiKey)) return { ok: false, problem: "key" };
    try {
      await this.client.ping.get();
    } catch (error) {
      const refused = failure(error);
      return { ok: false, problem: refused.status === 401 || refused.status === 403 ? "key" : "unreachable" };
    }
    try {
      const list = await this.client.lists.getList(this.connection.listId);
      return { ok: true, listName: typeof list.name === "string" ? list.name : "" };
    } catch (error) {
      const refused = failure(error);
      return { ok: false, problem: refused.status === 404 || refused.status === 400 ? "list" : "unreachable" };
    }
  }

  async *members(): AsyncIterable<ProviderCopy[]> {
    const count = 1000;
    const groupIds = this.connection.groups.map((group) => group.id);
    for (let offset = 0; ; offset += count) {
      const page = await calling(() =>
        this.client.lists.getListMembersInfo(this.connection.listId, {
          count,
          offset,
          fields: [
            "members.email_address",
            "members.status",
            "members.merge_fields",
            "members.interests",
            "members.tags",
          ],
        }),
      );
      const members = page.members ?? [];
      yield members.map((member) => {
        const tags = new Set((member.tags ?? []).map((tag) => tag.name));
        return {
          email: member.email_address.toLowerCase(),
          firstname: typeof member.merge_fields?.FNAME === "string" ? member.merge_fields.FNAME : "",
          lastname: typeof member.merge_fields?.LNAME === "string" ? member.merge_fields.LNAME : "",
          status: fromMailchimpStatus(member.status),
          groups: groupIds.filter((id) => member.interests?.[id] === true),
          membership: this.membershipOf(tags),
        };
      });
      if (members.length < count) return;
    }
  }

  /**
   * The membership a member's tags say. Both tags at once (one left behind) is no membership
   * Cohort sends, so such a member always differs and is sent, and the stale tag removed.
   */
  private membershipOf(tags: Set<string>): ProviderCopy["membership"] {
    const active = tags.has(this.connection.activeMemberTag);
    const lapsed = tags.has(this.connection.lapsedMemberTag);
    if (active && lapsed) return "active and lapsed";
    return active ? "active" : lapsed ? "lapsed" : "none";
  }

  async upsertMany(members: NewsletterMember[]): Promise<{ refused: string[] }> {
    const refused: string[] = [];
    const sendable = members.filter((member) => member.status !== "cleaned");
    for (const member of sendable.filter((each) => each.status === "none")) {
      try {
        await this.remove(member.email);
      } catch {
        refused.push(member.email);
      }
    }
    const onList = sendable.filter((member) => member.status !== "none");
    for (let start = 0; start < onList.length; start += this.batchSize) {
      const part = onList.slice(start, start + this.batchSize);
      const body = `{"update_existing":true,"members":[${part.map((member) => this.batchMember(member)).join(",")}]}`;
      const answer = await calling(() => this.client.lists.batchListMembers(this.connection.listId, body));
      for (const error of answer.errors ?? []) if (error.email_address) refused.push(error.email_address);
      refused.push(...(await this.removeStaleTags(part, [answer.new_members, answer.updated_members])));
    }
    return { refused };
  }

  /**
   * The batch call adds tags but takes none away, and Mailchimp has no batch form of taking a
   * tag away (`sync_tags` would replace every tag, the newsroom's own included). Its answer
   * lists each member sent as it now is, tags included: a member still carrying the other
   * membership tag, or one at all once Cohort holds no membership, has it removed through the
   * member's tags endpoint. Only those members cost a call, so the calls follow the real
   * differences, not the list's size. Answers the addresses whose tag could not be removed.
   */
  private async removeStaleTags(sent: NewsletterMember[], answered: (BatchedMember[] | undefined)[]) {
    const { activeMemberTag, lapsedMemberTag, listId } = this.connection;
    // Looked up per member answered; no object is made per member (decision 077).
    const wanted = new Map<string, NewsletterMember["membership"]>();
    for (const member of sent) wanted.set(member.email.toLowerCase(), member.membership);
    const refused: string[] = [];
    for (const list of answered) {
      for (const member of list ?? []) {
        const email = member.email_address?.toLowerCase() ?? "";
        const membership = wanted.get(email);
        const tags = member.tags ?? [];
        if (membership === undefined || tags.length === 0) continue;
        const stale = [
          ...(membership !== "active" && carries(tags, activeMemberTag) ? [activeMemberTag] : []),
          ...(membership !== "lapsed" && carries(tags, lapsedMemberTag) ? [lapsedMemberTag] : []),
        ];
        if (stale.length === 0) continue;
        try {
          await calling(() =>
            this.client.lists.updateListMemberTags(listId, subscriberHash(email), {
              tags: stale.map((name) => ({ name, status: "inactive" })),
            }),
          );
        } catch {
          refused.push(email);
        }
      }
    }
    return refused;
  }

  /**
   * One member of a batch, written straight out as JSON: what `body` sends, with the member's
   * status and the names of the tags it carries (the batch call adds tags but takes none away).
   * No object is made per member: in a reconciliation of 100,000 contacts, V8 would take such
   * objects, each alive only until its batch is written, for long-lived ones and allocate them
   * in the old generation, which then grows with the list (decision 077).
   */
  private batchMember(member: NewsletterMember): string {
    const { groups, activeMemberTag, lapsedMemberTag } = this.connection;
    const tag =
      member.membership === "active" ? activeMemberTag : member.membership === "lapsed" ? lapsedMemberTag : null;
    const interests = groups.map((group) => `${JSON.stringify(group.id)}:${member.groups.includes(group.id)}`);
    return (
      `{"email_address":${JSON.stringify(member.email)},"status":${JSON.stringify(member.status)},` +
      `"merge_fields":{"FNAME":${JSON.stringify(member.firstname)},"LNAME":${JSON.stringify(member.lastname)}},` +
      (groups.length > 0 ? `"interests":{${interests.join(",")}},` : "") +
      `"tags":[${tag === null ? "" : JSON.stringify(tag)}]}`
    );
  }
}
