/**
 * Runs at most `limit` tasks at once; the others wait their turn, first come
 * first served. Work started under the same key while it is running shares
 * that run instead of starting again.
 */
export class Limiter {
  private running = 0;
  private readonly queue: (() => void)[] = [];
  private readonly inFlight = new Map<string, Promise<unknown>>();
  /** The most tasks that ever ran at once (for tests and benchmarks). */
  peak = 0;

  constructor(private readonly limit: number) {}

  /** Tasks running or waiting now. */
  get pending(): number {
    return this.running + this.queue.length;
  }

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const shared = this.inFlight.get(key) as Promise<T> | undefined;
    if (shared) return shared;
    const work = this.acquire()
      .then(task)
      .finally(() => {
        this.release();
        this.inFlight.delete(key);
      });
    this.inFlight.set(key, work);
    return work;
  }

  private acquire(): Promise<void> {
    if (this.running < this.limit) {
      this.started();
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      this.queue.push(() => {
        this.started();
        resolve();
      }),
    );
  }

  private started(): void {
    this.running++;
    this.peak = Math.max(this.peak, this.running);
  }

  private release(): void {
    this.running--;
    this.queue.shift()?.();
  }
}
