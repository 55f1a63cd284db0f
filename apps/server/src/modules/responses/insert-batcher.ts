import type { Db } from "../../db/client.js";
import { raiseResponseCounter } from "../callouts/records-service.js";
import { queueEmailsFrom } from "../emails/service.js";
import { storeAnswersFrom } from "../idempotency/service.js";
import { insertNumberedResponses, type AnsweringParts, type NewResponse, type ResponseRow } from "./queries.js";

/** What the one statement of the answering path writes in tables other modules own (decision 083). */
const answeringParts: AnsweringParts = { raiseResponseCounter, storeAnswersFrom, queueEmailsFrom };

/** Rows written by one statement at most. */
const MAX_BATCH = 100;

interface Pending {
  response: NewResponse;
  resolve: (row: ResponseRow | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Every response to a callout raises the same counter row, so inserts to one
 * callout take turns on its lock. Instead of taking a turn each, submissions
 * that arrive while a callout's insert is under way wait and then go in
 * together, in arrival order, with one statement. A lone submission goes in
 * at once; a busy callout gets fewer, larger statements and commits.
 */
export class InsertBatcher {
  private readonly waiting = new Map<string, Pending[]>();
  private readonly writing = new Set<string>();

  constructor(private readonly db: Db) {}

  /** The saved response, or undefined when the callout was not open. */
  insert(response: NewResponse): Promise<ResponseRow | undefined> {
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(response.calloutId);
      if (queue) queue.push({ response, resolve, reject });
      else this.waiting.set(response.calloutId, [{ response, resolve, reject }]);
      if (!this.writing.has(response.calloutId)) void this.drain(response.calloutId);
    });
  }

  private async drain(calloutId: string): Promise<void> {
    this.writing.add(calloutId);
    try {
      for (let queue = this.waiting.get(calloutId); queue?.length; queue = this.waiting.get(calloutId)) {
        const batch = queue.splice(0, MAX_BATCH);
        if (queue.length === 0) this.waiting.delete(calloutId);
        await this.write(calloutId, batch);
      }
    } finally {
      this.writing.delete(calloutId);
    }
  }

  /** Writes a batch; when it fails, each response is tried alone so one bad row fails only itself. */
  private async write(calloutId: string, batch: Pending[]): Promise<void> {
    try {
      const rows = await this.save(calloutId, batch);
      for (const pending of batch) pending.resolve(rows.get(pending.response.id));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const pending of batch) await this.write(calloutId, [pending]);
    }
  }

  private async save(calloutId: string, batch: Pending[]): Promise<Map<string, ResponseRow>> {
    // The latest clock reading decides whether the callout is still open.
    const now = new Date(Math.max(...batch.map((pending) => pending.response.now.getTime())));
    const rows = await insertNumberedResponses(
      this.db,
      answeringParts,
      calloutId,
      now,
      batch.map((pending) => pending.response),
    );
    return new Map(rows.map((row) => [row.id, row]));
  }
}

const batchers = new WeakMap<Db, InsertBatcher>();

/** The batcher of one database (each test app has its own). */
export function insertBatcherOf(db: Db): InsertBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new InsertBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher;
}
