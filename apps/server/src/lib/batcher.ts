/**
 * Calls that arrive while an earlier batch is being written or read wait for
 * it and then go to the database together: one statement for many requests
 * instead of one each. A lone call goes at once, so nothing waits on a quiet
 * server; a busy one sends fewer, larger statements.
 */
export class Batcher<In, Out> {
  private waiting: { input: In; resolve: (output: Out) => void; reject: (error: unknown) => void }[] = [];
  private running = false;

  /**
   * `run` answers a batch in the order given. `joins` says whether an input
   * may go with the batch so far (otherwise it waits for the next one);
   * `max` bounds a batch.
   */
  constructor(
    private readonly run: (inputs: In[]) => Promise<Out[]>,
    private readonly options: { max?: number; joins?: (batch: readonly In[], input: In) => boolean } = {},
  ) {}

  add(input: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.length > 0) {
        const { max = Number.POSITIVE_INFINITY, joins } = this.options;
        const batch: typeof this.waiting = [];
        const later: typeof this.waiting = [];
        const inputs: In[] = [];
        for (const entry of this.waiting) {
          if (batch.length < max && (batch.length === 0 || !joins || joins(inputs, entry.input))) {
            batch.push(entry);
            inputs.push(entry.input);
          } else {
            later.push(entry);
          }
        }
        this.waiting = later;
        try {
          const outputs = await this.run(inputs);
          batch.forEach((entry, index) => entry.resolve(outputs[index]!));
        } catch (error) {
          for (const entry of batch) entry.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}

/** One batcher per key object (a database: each test app has its own), made on first use. */
export function batcherOf<K extends object, In, Out>(
  batchers: WeakMap<K, Batcher<In, Out>>,
  key: K,
  make: () => Batcher<In, Out>,
): Batcher<In, Out> {
  let batcher = batchers.get(key);
  if (!batcher) {
    batcher = make();
    batchers.set(key, batcher);
  }
  return batcher;
}
