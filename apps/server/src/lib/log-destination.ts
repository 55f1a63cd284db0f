import type { Writable } from "node:stream";
import { terminalLine } from "./log-lines.js";

/** How much unwritten log output may wait for a slow reader before new lines are dropped. */
export const MAX_LOG_BACKLOG_BYTES = 4 * 1024 * 1024;

export interface LogDestination {
  /** Called by pino with one serialized line. */
  write(line: string): void;
  /** Resolves once everything written has left the process, or after `timeoutMs`, whichever comes first. */
  drain(timeoutMs: number): Promise<void>;
  /** Lines dropped so far because the reader fell too far behind. */
  readonly dropped: number;
}

/**
 * Where the server's log lines go: standard output, written the way Node
 * writes to any stream, so a reader that stops reading (a stalled log
 * shipper, a pipe nobody drains) never blocks the process, now or at exit.
 * pino's own destination retries a full pipe with a synchronous sleep when
 * the process exits, which kept a stopped server alive for as long as
 * nobody read its output. While the reader is behind by more than
 * `maxBacklogBytes`, new lines are dropped and counted; a reader that is
 * gone for good (EPIPE and the like) ends the writing, not the process.
 *
 * Lines are JSON for whatever reads them (a pipe, a file, a container's
 * log), and made readable for a person when the stream is a terminal
 * (`log-lines.ts`): formatted here, in the same call, so both ways keep the
 * promises above.
 */
export function createLogDestination(
  stream: Writable = process.stdout,
  maxBacklogBytes = MAX_LOG_BACKLOG_BYTES,
  lines: "json" | "terminal" = (stream as { isTTY?: boolean }).isTTY === true ? "terminal" : "json",
): LogDestination {
  const format = lines === "terminal" ? terminalLine : (line: string) => line;
  let closed = false;
  let dropped = 0;
  let droppedSinceNotice = 0;
  /** Writes not yet handed to the operating system, and who waits for there to be none. */
  let pending = 0;
  let waiting: (() => void)[] = [];
  const settle = () => {
    const waiters = waiting;
    waiting = [];
    for (const resolve of waiters) resolve();
  };
  const written = () => {
    pending--;
    if (pending === 0) settle();
  };
  const send = (text: string) => {
    pending++;
    stream.write(text, written);
  };
  stream.on("error", () => {
    closed = true;
    settle();
  });

  function write(line: string): void {
    if (closed || stream.destroyed) return;
    if (stream.writableLength > maxBacklogBytes) {
      dropped++;
      droppedSinceNotice++;
      return;
    }
    if (droppedSinceNotice > 0) {
      const notice = { level: 40, time: Date.now(), pid: process.pid, dropped: droppedSinceNotice };
      send(format(`${JSON.stringify({ ...notice, msg: "log lines dropped while the log reader was behind" })}\n`));
      droppedSinceNotice = 0;
    }
    send(format(line));
  }

  function drain(timeoutMs: number): Promise<void> {
    if (closed || stream.destroyed || pending === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      waiting.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  return {
    write,
    drain,
    get dropped() {
      return dropped;
    },
  };
}
