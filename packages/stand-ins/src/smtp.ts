import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerDataStream } from "smtp-server";

/** One message as the peer received it, decoded enough for assertions. */
export interface ReceivedEmail {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

/**
 * A real SMTP server on loopback for tests (the `smtp-server` package): it
 * accepts plain connections with optional login, keeps what it receives,
 * and can be told to refuse messages or to answer slowly.
 */
export interface SmtpPeer {
  /** smtp://user:pass@127.0.0.1:port */
  url: string;
  received: ReceivedEmail[];
  /** While set, every message is refused with this temporary error (451). */
  refuseWith: string | null;
  /** Milliseconds to wait before accepting each message. */
  delayMs: number;
  /** Resolves once `count` messages have arrived in all. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedEmail[]>;
  close(): Promise<void>;
}

function unfoldHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeQuotedPrintable(value: string): Buffer {
  const bytes: number[] = [];
  const text = value.replace(/=\r?\n/g, "");
  for (let index = 0; index < text.length; index++) {
    const hex = text.slice(index + 1, index + 3);
    if (text[index] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(text[index]!, "utf8"));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case "quoted-printable":
      return decodeQuotedPrintable(body).toString("utf8");
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

/** Decodes RFC 2047 encoded words such as `=?UTF-8?Q?Gr=C3=BC=C3=9Fe?=`. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_word, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")).toString("utf8"),
    );
}

function parseMessage(raw: string): Pick<ReceivedEmail, "headers" | "subject" | "text" | "html"> {
  const split = raw.indexOf("\r\n\r\n");
  const headers = unfoldHeaders(raw.slice(0, split));
  const body = raw.slice(split + 4);
  const parts: Array<{ type: string; content: string }> = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get("content-type") ?? "")?.[1];
  if (boundary) {
    for (const section of body.split(`--${boundary}`).slice(1)) {
      if (section.startsWith("--")) break;
      const at = section.indexOf("\r\n\r\n");
      const partHeaders = unfoldHeaders(section.slice(0, at).replace(/^\r\n/, ""));
      const content = section.slice(at + 4).replace(/\r\n$/, "");
      parts.push({
        type: partHeaders.get("content-type") ?? "text/plain",
        content: decodeBody(content, partHeaders.get("content-transfer-encoding")),
      });
    }
  } else {
    parts.push({
      type: headers.get("content-type") ?? "text/plain",
      content: decodeBody(body, headers.get("content-transfer-encoding")),
    });
  }
  const ofType = (type: string) => parts.find((part) => part.type.startsWith(type))?.content.replace(/\r\n/g, "\n");
  return {
    headers,
    subject: decodeWords(headers.get("subject") ?? ""),
    text: ofType("text/plain") ?? "",
    html: ofType("text/html") ?? "",
  };
}

async function readStream(stream: SMTPServerDataStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedEmail[] = [];
  const waiters = new Set<() => void>();
  const peer = { refuseWith: null as string | null, delayMs: 0 };

  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "peer" && auth.password === "secret") return callback(null, { user: "peer" });
      return callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      void (async () => {
        const raw = await readStream(stream);
        if (peer.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, peer.delayMs));
        if (peer.refuseWith !== null) {
          return callback(Object.assign(new Error(peer.refuseWith), { responseCode: 451 }));
        }
        const from = session.envelope.mailFrom;
        received.push({
          envelopeFrom: from ? from.address : "",
          envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
          ...parseMessage(raw),
        });
        for (const wake of waiters) wake();
        callback();
      })().catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  return Object.assign(peer, {
    url: `smtp://peer:secret@127.0.0.1:${port}`,
    received,
    waitFor(count: number, timeoutMs = 5_000) {
      return new Promise<ReceivedEmail[]>((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} emails, received ${received.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
