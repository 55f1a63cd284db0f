import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { Agent, buildConnector, fetch as undiciFetch, interceptors, request as undiciRequest } from "undici";

/**
 * Requests the server makes to addresses that people set (geocoders, the
 * error-reporting service, and every such call to come) go through one guard
 * (decision 054): the host is resolved once, every address it resolves to is
 * classified, and the connection is made to a checked address, so a name that
 * answers differently the next time (DNS rebinding) cannot move it. Private,
 * loopback, link-local and other non-public addresses are refused unless the
 * operator lists them in `OUTGOING_ALLOW`.
 */

/** What an IP address is, as far as reaching it from the server goes. */
export type AddressKind = "public" | "unspecified" | "loopback" | "private" | "link-local" | "reserved";

function ipv4Bytes(address: string): number[] {
  return address.split(".").map(Number);
}

/** The 16 bytes of an IPv6 address that `isIP` accepted (a zone and brackets are dropped). */
function ipv6Bytes(address: string): number[] {
  let text = address.replace(/^\[|\]$/g, "").split("%")[0] ?? "";
  const lastColon = text.lastIndexOf(":");
  const tail = text.slice(lastColon + 1);
  if (tail.includes(".")) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Bytes(tail);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", rest] = text.split("::");
  const groupsOf = (part: string | undefined) => (part ? part.split(":") : []);
  const before = groupsOf(head);
  const after = groupsOf(rest);
  const groups = [...before, ...Array<string>(8 - before.length - after.length).fill("0"), ...after];
  return groups.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

function ipv4Kind([a = 0, b = 0, c = 0]: number[]): AddressKind {
  if (a === 0) return "unspecified"; // 0.0.0.0/8, "this network"
  if (a === 127) return "loopback";
  if (a === 169 && b === 254) return "link-local"; // cloud metadata services live here
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return "private";
  if (a === 100 && b >= 64 && b <= 127) return "private"; // carrier-grade NAT
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return "reserved"; // protocol assignments, documentation
  if (a === 192 && b === 88 && c === 99) return "reserved"; // 6to4 relays
  if (a === 198 && (b === 18 || b === 19)) return "reserved"; // benchmarking
  if ((a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113)) return "reserved";
  if (a >= 224) return "reserved"; // multicast, reserved, broadcast
  return "public";
}

function ipv6Kind(bytes: number[]): AddressKind {
  const zero = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  // IPv4-mapped (::ffff:a.b.c.d) and the old IPv4-compatible (::a.b.c.d) forms are the IPv4 address.
  if (zero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return ipv4Kind(bytes.slice(12));
  if (zero(0, 15) && bytes[15] === 0) return "unspecified";
  if (zero(0, 15) && bytes[15] === 1) return "loopback";
  if (zero(0, 12)) return ipv4Kind(bytes.slice(12));
  // NAT64 (64:ff9b::/96) reaches the IPv4 address in its last 32 bits; 64:ff9b:1::/48 is for local use.
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b) {
    if (zero(4, 12)) return ipv4Kind(bytes.slice(12));
    return "private";
  }
  // 6to4 (2002::/16) reaches the IPv4 address in bits 16–47.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return ipv4Kind(bytes.slice(2, 6));
  if (((bytes[0] ?? 0) & 0xfe) === 0xfc) return "private"; // unique local, fc00::/7
  if (bytes[0] === 0xfe && ((bytes[1] ?? 0) & 0xc0) === 0x80) return "link-local"; // fe80::/10
  if (bytes[0] === 0xfe && ((bytes[1] ?? 0) & 0xc0) === 0xc0) return "private"; // old site-local, fec0::/10
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && bytes[2] === 0x0d && bytes[3] === 0xb8) return "reserved"; // documentation
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && zero(2, 4)) return "reserved"; // Teredo
  // Everything outside global unicast (2000::/3): multicast, discard, unassigned.
  if (((bytes[0] ?? 0) & 0xe0) !== 0x20) return "reserved";
  return "public";
}

/** What kind of address `address` is; throws for text that is not an IP address. */
export function addressKind(address: string): AddressKind {
  const bare = address.replace(/^\[|\]$/g, "");
  const version = isIP(bare.split("%")[0] ?? "");
  if (version === 4) return ipv4Kind(ipv4Bytes(bare));
  if (version === 6) return ipv6Kind(ipv6Bytes(bare));
  throw new TypeError(`${address} is not an IP address`);
}

/** The address in its plainest form: an IPv4-mapped IPv6 address as IPv4, without brackets. */
function plainAddress(address: string): string {
  const bare = address.replace(/^\[|\]$/g, "");
  if (isIP(bare) !== 6) return bare;
  const bytes = ipv6Bytes(bare);
  if (bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff) {
    return bytes.slice(12).join(".");
  }
  return bare;
}

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?)*\.?$/i;

/** Why an `OUTGOING_ALLOW` entry cannot be used, or null: an IP address, a CIDR range or a host name. */
export function allowEntryProblem(entry: string): string | null {
  const [address = "", prefix, ...extra] = entry.split("/");
  const version = isIP(address);
  if (version !== 0 && (prefix !== undefined || extra.length > 0)) {
    const bits = Number(prefix);
    const max = version === 4 ? 32 : 128;
    if (extra.length > 0 || !/^\d{1,3}$/.test(prefix ?? "") || bits > max) {
      return `${entry} is not a CIDR range such as 10.0.0.0/8 or fd00::/8`;
    }
    return null;
  }
  if (version !== 0 || HOST_NAME.test(entry)) return null;
  return `${entry} is not an IP address, a CIDR range or a host name`;
}

/** Splits an `OUTGOING_ALLOW` value into its entries. */
export function allowEntries(value: string | undefined): string[] {
  return (value ?? "").split(/[\s,]+/).filter((entry) => entry !== "");
}

/** The operator's exceptions: host names, addresses and ranges that may be reached although not public. */
export class OutgoingAllowList {
  private readonly hosts = new Set<string>();
  private readonly ranges = new BlockList();

  constructor(readonly entries: readonly string[]) {
    for (const entry of entries) {
      const [address = "", prefix] = entry.split("/");
      const version = isIP(address);
      if (version === 0) this.hosts.add(entry.toLowerCase().replace(/\.$/, ""));
      else {
        const type = version === 4 ? "ipv4" : "ipv6";
        const plain = plainAddress(address);
        const plainType = isIP(plain) === 4 ? "ipv4" : type;
        if (prefix === undefined) this.ranges.addAddress(plain, plainType);
        else this.ranges.addSubnet(address, Number(prefix), type);
      }
    }
  }

  allowsHost(host: string): boolean {
    return this.hosts.has(host.toLowerCase().replace(/\.$/, ""));
  }

  allowsAddress(address: string): boolean {
    const plain = plainAddress(address);
    return this.ranges.check(plain, isIP(plain) === 4 ? "ipv4" : "ipv6");
  }
}

/** A refused destination: the address (or what the name resolved to) is not public and not allowed. */
export class ForbiddenAddressError extends Error {
  readonly code = "EADDRFORBIDDEN";
  constructor(
    readonly host: string,
    readonly address: string,
    readonly kind: AddressKind,
  ) {
    const what = `${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind} address`;
    super(
      host === address
        ? `${address} is ${what}; list it in OUTGOING_ALLOW to allow it`
        : `${host} resolves to ${address}, ${what}; list it in OUTGOING_ALLOW to allow it`,
    );
    this.name = "ForbiddenAddressError";
  }
}

/**
 * Why the address of a setting may not be used, or null. Only what is certain
 * without the network: an IP address that is not public and not allowed. Host
 * names are checked each time they are connected to.
 */
export function outgoingUrlProblem(url: string, allow: OutgoingAllowList): string | null {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  } catch {
    return null;
  }
  if (isIP(host) === 0 || allow.allowsHost(host) || allow.allowsAddress(host)) return null;
  const kind = addressKind(host);
  return kind === "public" ? null : new ForbiddenAddressError(host, host, kind).message;
}

/** Resolves a host name to its addresses (all of them, in the resolver's order). */
export type Resolve = (host: string) => Promise<string[]>;

const systemResolve: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** A fetch that reaches only public addresses and those the operator allows. */
export type OutgoingFetch = typeof undiciFetch;

/**
 * A plain request through the same guard (undici's `request`), following redirects as `fetch`
 * does. Unlike `fetch`, it makes no web streams, and registers nothing with a finalizer or weak
 * reference, which V8's young-generation collections keep until a full one: for services called
 * many times in a row, such as a newsletter provider in a reconciliation (decision 091).
 */
export type OutgoingRequest = (
  url: string,
  options: Omit<NonNullable<Parameters<typeof undiciRequest>[1]>, "dispatcher">,
  /** `false` answers a redirect as it is, without following it (a webhook delivery). */
  followRedirects?: boolean,
) => ReturnType<typeof undiciRequest>;

/** As many redirects as `fetch` follows. */
const MAX_REDIRECTIONS = 20;

export interface Outgoing {
  fetch: OutgoingFetch;
  request: OutgoingRequest;
  /** The address a connection to `host` goes to; throws {@link ForbiddenAddressError}. */
  checkedAddress(host: string): Promise<string>;
  close(): Promise<void>;
}

/** How long opening a connection may take. */
const CONNECT_TIMEOUT_MS = 10_000;

export function createOutgoing(allow: OutgoingAllowList, resolve: Resolve = systemResolve): Outgoing {
  async function checkedAddress(hostname: string): Promise<string> {
    const host = hostname.replace(/^\[|\]$/g, "");
    const byName = isIP(host) === 0 && allow.allowsHost(host);
    const addresses = isIP(host) === 0 ? await resolve(host) : [host];
    let refused: ForbiddenAddressError | undefined;
    // The first address that may be reached is used; the connection goes to it, not to the name.
    for (const address of addresses) {
      const kind = addressKind(address);
      if (kind === "public" || byName || allow.allowsAddress(address)) return plainAddress(address);
      refused ??= new ForbiddenAddressError(host, address, kind);
    }
    throw refused ?? new ForbiddenAddressError(host, "no address", "unspecified");
  }

  const connectTo = buildConnector({ timeout: CONNECT_TIMEOUT_MS });
  const dispatcher = new Agent({
    connect: (options, callback) => {
      // `host` (the name and port) stays as it is: TLS checks the certificate against the name.
      checkedAddress(options.hostname).then(
        (address) => connectTo({ ...options, hostname: address }, callback),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
    },
  });

  // Each redirect is dispatched again through the guarded connector.
  const following = dispatcher.compose(interceptors.redirect({ maxRedirections: MAX_REDIRECTIONS }));

  return {
    fetch: (input, init) => undiciFetch(input, { ...init, dispatcher }),
    request: (url, options, followRedirects = true) =>
      undiciRequest(url, { ...options, dispatcher: followRedirects ? following : dispatcher }),
    checkedAddress,
    close: () => dispatcher.close(),
  };
}

const byAllowList = new WeakMap<OutgoingAllowList, Outgoing>();

/** The one guarded client for an allow list (the configuration's), made on first use. */
export function outgoingFor(allow: OutgoingAllowList): Outgoing {
  let outgoing = byAllowList.get(allow);
  if (!outgoing) {
    outgoing = createOutgoing(allow);
    byAllowList.set(allow, outgoing);
  }
  return outgoing;
}

/** The reason a failed outgoing request gives: the refusal or network error behind fetch's "fetch failed". */
export function outgoingFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
}
