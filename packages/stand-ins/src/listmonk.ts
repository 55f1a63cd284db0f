import type { IncomingMessage } from "node:http";
import { readJson, serveJson, type JsonAnswer } from "./json-server.js";

/**
 * A local stand-in for listmonk's HTTP API: health, lists, subscribers (search by address, by
 * a list of addresses or by the time of their last change, create, update, delete), and the
 * bulk operations: list subscriptions (`PUT /api/subscribers/lists`), blocklisting and deleting
 * by ids, and the CSV import (`POST /api/import/subscribers`, finished by the time it answers),
 * kept in memory. Lists 1–3 exist: 1 the newsletter (double opt-in), 2 and 3 groups.
 */
export interface ListmonkStandInSubscriber {
  id: number;
  email: string;
  name: string;
  status: "enabled" | "disabled" | "blocklisted";
  attribs: Record<string, unknown>;
  lists: Map<number, "unconfirmed" | "confirmed" | "unsubscribed">;
  updatedAt: Date;
}

export interface ListmonkStandIn {
  url: string;
  /** `api user:token`, as Cohort stores it. */
  apiKey: string;
  lists: Map<number, { id: number; name: string; optin: "single" | "double" }>;
  subscribers: Map<number, ListmonkStandInSubscriber>;
  requests: string[];
  /** Answer writes with this status instead (e.g. 503), or null. */
  failWith: number | null;
  subscriber(email: string): ListmonkStandInSubscriber | undefined;
  /** The CSV imports received: their parameters and rows. */
  imports: { params: Record<string, unknown>; rows: Record<string, string>[] }[];
  /** A change made in listmonk itself (a reader unsubscribing there). */
  unsubscribe(email: string): void;
  close(): Promise<void>;
}

const fail = (status: number, message: string) => ({ status, body: { message } });

/**
 * The subscribers by id, with an index by address that `set`, `delete` and `renamed` keep up to
 * date, so that looking an address up costs the same with 100,000 subscribers as with ten.
 */
class Subscribers extends Map<number, ListmonkStandInSubscriber> {
  private readonly byEmail = new Map<string, ListmonkStandInSubscriber>();

  override set(id: number, subscriber: ListmonkStandInSubscriber): this {
    const before = super.get(id);
    if (before && this.byEmail.get(before.email) === before) this.byEmail.delete(before.email);
    super.set(id, subscriber);
    this.byEmail.set(subscriber.email, subscriber);
    return this;
  }

  override delete(id: number): boolean {
    const before = super.get(id);
    if (before && this.byEmail.get(before.email) === before) this.byEmail.delete(before.email);
    return super.delete(id);
  }

  /** The subscriber's address changed from `before`. */
  renamed(subscriber: ListmonkStandInSubscriber, before: string): void {
    if (this.byEmail.get(before) === subscriber) this.byEmail.delete(before);
    this.byEmail.set(subscriber.email, subscriber);
  }

  withEmail(email: string): ListmonkStandInSubscriber | undefined {
    const found = this.byEmail.get(email);
    return found && found.email === email && super.get(found.id) === found ? found : undefined;
  }
}

export async function startListmonkStandIn(
  options: { apiKey?: string; now?: () => Date } = {},
): Promise<ListmonkStandIn> {
  const apiKey = options.apiKey ?? "cohort:s3cr3t-listmonk-token";
  const now = options.now ?? (() => new Date());
  const subscribers = new Subscribers();
  let nextId = 1;
  const standIn: ListmonkStandIn = {
    url: "",
    apiKey,
    lists: new Map([
      [1, { id: 1, name: "Harbour Post newsletter", optin: "double" as const }],
      [2, { id: 2, name: "Culture", optin: "single" as const }],
      [3, { id: 3, name: "Politics", optin: "single" as const }],
    ]),
    subscribers,
    requests: [],
    imports: [],
    failWith: null,
    subscriber: (email) => subscribers.withEmail(email.toLowerCase()),
    unsubscribe(email) {
      const found = standIn.subscriber(email);
      if (!found) return;
      for (const id of found.lists.keys()) found.lists.set(id, "unsubscribed");
      found.updatedAt = now();
    },
    close: async () => {},
  };

  const present = (s: ListmonkStandInSubscriber) => ({
    id: s.id,
    uuid: `00000000-0000-4000-8000-${String(s.id).padStart(12, "0")}`,
    email: s.email,
    name: s.name,
    status: s.status,
    attribs: s.attribs,
    lists: [...s.lists].map(([id, status]) => ({
      id,
      name: standIn.lists.get(id)?.name ?? "",
      subscription_status: status,
    })),
    created_at: s.updatedAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  });

  function write(s: ListmonkStandInSubscriber, body: Record<string, unknown>) {
    const lists = Array.isArray(body.lists) ? (body.lists as unknown[]).map(Number) : [...s.lists.keys()];
    const preconfirm = body.preconfirm_subscriptions === true;
    const kept = new Map<number, "unconfirmed" | "confirmed" | "unsubscribed">();
    for (const id of lists) {
      if (!standIn.lists.has(id)) continue;
      const before = s.lists.get(id);
      kept.set(id, preconfirm ? "confirmed" : (before ?? "unconfirmed"));
    }
    s.lists = kept;
    if (typeof body.email === "string" && body.email.toLowerCase() !== s.email) {
      const before = s.email;
      s.email = body.email.toLowerCase();
      subscribers.renamed(s, before);
    }
    if (typeof body.name === "string") s.name = body.name;
    if (body.status === "enabled" || body.status === "blocklisted" || body.status === "disabled") {
      s.status = body.status;
    }
    if (body.attribs && typeof body.attribs === "object") s.attribs = body.attribs as Record<string, unknown>;
    s.updatedAt = now();
  }

  function search(url: URL) {
    const query = url.searchParams.get("query") ?? "";
    const listId = url.searchParams.get("list_id");
    const perPage = Number(url.searchParams.get("per_page") ?? 20);
    const page = Number(url.searchParams.get("page") ?? 1);
    const byEmail = /subscribers\.email\s*=\s*'((?:[^']|'')*)'/.exec(query);
    const inList = /subscribers\.email\s+IN\s*\(((?:\s*'(?:[^']|'')*'\s*,?)*)\)/i.exec(query);
    const wanted = byEmail
      ? [byEmail[1]!.replace(/''/g, "'")]
      : inList
        ? [...inList[1]!.matchAll(/'((?:[^']|'')*)'/g)].map((match) => match[1]!.replace(/''/g, "'"))
        : null;
    let found = (
      wanted ? [...new Set(wanted)].flatMap((email) => subscribers.withEmail(email) ?? []) : [...subscribers.values()]
    ).sort((a, b) => a.id - b.id);
    const since = /subscribers\.updated_at\s*>\s*'([^']+)'/.exec(query);
    if (since) found = found.filter((s) => s.updatedAt > new Date(since[1]!));
    if (listId) found = found.filter((s) => s.lists.has(Number(listId)));
    const results = found.slice((page - 1) * perPage, page * perPage).map(present);
    return { status: 200, body: { data: { results, total: found.length, per_page: perPage, page } } };
  }

  /** An import as listmonk takes it: a multipart form with `params` (JSON) and `file` (CSV). */
  async function importCsv(request: IncomingMessage): Promise<JsonAnswer> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = await new Request("http://stand-in/", {
      method: "POST",
      headers: { "content-type": String(request.headers["content-type"] ?? "") },
      body: Buffer.concat(chunks),
    }).formData();
    const params = JSON.parse(typeof form.get("params") === "string" ? (form.get("params") as string) : "{}") as Record<
      string,
      unknown
    >;
    const file = form.get("file");
    if (params.mode !== "subscribe" || typeof params.delim !== "string" || !(file instanceof Blob)) {
      return fail(400, "Invalid import parameters.");
    }
    const [header = [], ...lines] = parseCsv(await file.text(), params.delim);
    const rows = lines.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ""])));
    standIn.imports.push({ params, rows });
    const lists = Array.isArray(params.lists) ? (params.lists as unknown[]).map(Number) : [];
    for (const row of rows) {
      const email = (row.email ?? "").toLowerCase();
      if (!email.includes("@")) continue;
      let target = standIn.subscriber(email);
      if (target && params.overwrite !== true) continue;
      if (!target) {
        target = { id: nextId++, email, name: "", status: "enabled", attribs: {}, lists: new Map(), updatedAt: now() };
        subscribers.set(target.id, target);
      }
      target.name = row.name ?? target.name;
      if (row.attributes) target.attribs = JSON.parse(row.attributes) as Record<string, unknown>;
      const status = params.subscription_status === "confirmed" ? "confirmed" : "unconfirmed";
      for (const list of lists) if (standIn.lists.has(list) && !target.lists.has(list)) target.lists.set(list, status);
      target.updatedAt = now();
    }
    return {
      status: 200,
      body: { data: { name: "import.csv", total: rows.length, imported: rows.length, status: "importing" } },
    };
  }

  async function handle(request: IncomingMessage): Promise<JsonAnswer> {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const method = request.method ?? "GET";
    standIn.requests.push(`${method} ${url.pathname}`);
    const auth = request.headers.authorization ?? "";
    if (auth !== `token ${apiKey}`) return fail(403, "invalid API credentials");
    const parts = url.pathname.split("/").filter(Boolean);
    if (parts[0] !== "api") return fail(404, "Not found");
    if (parts[1] === "health") return { status: 200, body: { data: true } };
    if (parts[1] === "lists" && parts.length === 3 && method === "GET") {
      if (!/^\d+$/.test(parts[2]!)) return fail(400, "Invalid ID.");
      const list = standIn.lists.get(Number(parts[2]));
      return list ? { status: 200, body: { data: list } } : fail(404, "List not found.");
    }
    if (parts[1] === "import" && parts[2] === "subscribers" && parts.length === 3) {
      if (method === "GET") {
        const last = standIn.imports[standIn.imports.length - 1];
        return {
          status: 200,
          body: {
            data: {
              name: "",
              total: last?.rows.length ?? 0,
              imported: last?.rows.length ?? 0,
              status: last ? "finished" : "none",
            },
          },
        };
      }
      if (method === "POST") {
        if (standIn.failWith) return fail(standIn.failWith, "unavailable");
        return importCsv(request);
      }
    }
    if (parts[1] !== "subscribers") return fail(404, "Not found");
    if (parts.length === 2 && method === "GET") return search(url);
    if (standIn.failWith) return fail(standIn.failWith, "unavailable");
    if (parts.length === 2 && method === "POST") {
      const body = await readJson(request);
      const email = typeof body.email === "string" ? body.email.toLowerCase() : "";
      if (!email.includes("@")) return fail(400, "Invalid email.");
      if (standIn.subscriber(email)) return fail(409, "E-mail already exists.");
      const created: ListmonkStandInSubscriber = {
        id: nextId++,
        email,
        name: "",
        status: "enabled",
        attribs: {},
        lists: new Map(),
        updatedAt: now(),
      };
      write(created, body);
      subscribers.set(created.id, created);
      return { status: 200, body: { data: present(created) } };
    }
    if (parts.length === 2 && method === "DELETE") {
      for (const id of url.searchParams.getAll("id")) subscribers.delete(Number(id));
      return { status: 200, body: { data: true } };
    }
    if (parts.length === 3 && parts[2] === "blocklist" && method === "PUT") {
      const body = await readJson(request);
      for (const id of Array.isArray(body.ids) ? (body.ids as unknown[]).map(Number) : []) {
        const s = subscribers.get(id);
        if (!s) continue;
        s.status = "blocklisted";
        for (const list of s.lists.keys()) s.lists.set(list, "unsubscribed");
        s.updatedAt = now();
      }
      return { status: 200, body: { data: true } };
    }
    if (parts.length === 3 && parts[2] === "lists" && method === "PUT") {
      const body = await readJson(request);
      const ids = Array.isArray(body.ids) ? (body.ids as unknown[]).map(Number) : [];
      const targets = Array.isArray(body.target_list_ids) ? (body.target_list_ids as unknown[]).map(Number) : [];
      for (const id of ids) {
        const s = subscribers.get(id);
        if (!s) continue;
        for (const list of targets) {
          if (body.action === "remove") s.lists.delete(list);
          else if (body.action === "unsubscribe") {
            if (s.lists.has(list)) s.lists.set(list, "unsubscribed");
          } else if (body.action === "add") {
            s.lists.set(list, body.status === "confirmed" ? "confirmed" : "unconfirmed");
          }
        }
        s.updatedAt = now();
      }
      return { status: 200, body: { data: true } };
    }
    const id = Number(parts[2]);
    const existing = subscribers.get(id);
    if (parts.length === 3 && !existing) return fail(404, "Subscriber not found.");
    if (parts.length === 3 && existing && method === "PUT") {
      const body = await readJson(request);
      const email = typeof body.email === "string" ? body.email.toLowerCase() : existing.email;
      const holder = standIn.subscriber(email);
      if (holder && holder.id !== id) return fail(409, "E-mail already exists.");
      write(existing, body);
      return { status: 200, body: { data: present(existing) } };
    }
    if (parts.length === 3 && method === "DELETE") {
      subscribers.delete(id);
      return { status: 200, body: { data: true } };
    }
    return fail(405, "Method not allowed");
  }

  const served = await serveJson(handle);
  standIn.url = served.url;
  standIn.close = () => served.close();
  return standIn;
}

/** Rows of a CSV text: quoted fields may hold the delimiter, quotes (doubled) and line breaks. */
function parseCsv(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[index + 1] === "\n") index++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += char;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  return rows;
}
