import { Agent as HttpsAgent } from "node:https";
import { isIP, connect as netConnect, type NetConnectOpts, type Socket } from "node:net";
import { connect as tlsConnect, type TLSSocket } from "node:tls";
import type { GoCardlessClient } from "gocardless-nodejs";

type Agents = NonNullable<NonNullable<ConstructorParameters<typeof GoCardlessClient>[2]>["proxy"]>;

/**
 * The GoCardless SDK always builds `https://api(-sandbox).gocardless.com/<path>`
 * and offers no base-URL option; what it does let us pass is the agent its
 * HTTP client uses (the `proxy` option). These agents keep the SDK's own
 * request (path, headers, body) and only choose where the connection goes:
 * the host and port of `baseUrl`, in plain HTTP for `http:` addresses and in
 * TLS (with the target's name for certificate checks) for `https:` ones.
 * The path of `baseUrl` is not used: GoCardless's paths are kept as they are.
 */
export function routedAgents(baseUrl: string): Agents {
  const target = new URL(baseUrl);
  const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
  if (target.protocol === "https:") {
    const port = Number(target.port || 443);
    return { https: new RoutedTlsAgent(host, port) };
  }
  if (target.protocol === "http:") {
    const port = Number(target.port || 80);
    return { https: new RoutedPlainAgent(host, port) };
  }
  throw new Error(`GoCardless API address must be http:// or https://, not ${target.protocol}`);
}

/**
 * Takes the SDK's https requests but opens a plain TCP connection to the target:
 * an https agent by protocol (which Node checks against the URL), without TLS.
 */
class RoutedPlainAgent extends HttpsAgent {
  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {
    super({ keepAlive: false });
  }

  // Returning the socket is enough: the agent then uses it as if the callback had been called.
  override createConnection(): Socket {
    return netConnect({ host: this.targetHost, port: this.targetPort });
  }
}

/** Takes the SDK's https requests and opens TLS to the target, checking the target's certificate. */
class RoutedTlsAgent extends HttpsAgent {
  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {
    super({ keepAlive: false });
  }

  override createConnection(options: NetConnectOpts): TLSSocket {
    return tlsConnect({
      ...(options as object),
      host: this.targetHost,
      port: this.targetPort,
      // Server names are for DNS names only; an address is checked against the certificate's IP entries.
      servername: isIP(this.targetHost) ? "" : this.targetHost,
    });
  }
}
