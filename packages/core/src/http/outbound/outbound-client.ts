import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { OutboundError, isOutboundError } from "./outbound-error.js";
import {
  hostOf,
  pinnedLookup,
  reachableAddresses,
  systemResolver,
  type HostResolver,
  type TargetPolicy,
} from "./target-policy.js";

/** The outbound client's configuration (`outbound` in `commerce.config.ts`). */
export interface OutboundOptions {
  /**
   * Which non-public addresses may be reached. Every request checks the addresses it connects to; in
   * production, registrations (webhook endpoints, channel base URLs) are checked too (a 422).
   * @default only global unicast addresses; loopback too unless `environment` is `production`
   */
  targets?: TargetPolicy;
  /** Resolves target hostnames, at registration and for every connection. @default the system resolver (`dns.lookup`) */
  resolveHost?: HostResolver;
  /** Time to open the TCP connection, in milliseconds. @default 5000 */
  connectTimeoutMs?: number;
  /** Time for the whole exchange (connection, request, answer), in milliseconds. @default 10000 */
  timeoutMs?: number;
  /** Largest answer body read, in bytes; a longer one is cut and the request fails. @default 1048576 (1 MiB) */
  maxResponseBytes?: number;
}

/** One request. */
export interface OutboundRequestInit {
  /** @default "GET" */
  method?: string;
  headers?: Readonly<Record<string, string>>;
  body?: string | Uint8Array;
  /** Overrides the client's `timeoutMs` for this request. */
  timeoutMs?: number;
  /** Overrides the client's `maxResponseBytes` for this request. */
  maxResponseBytes?: number;
}

/** An answer, its body read whole (within the size limit). A 3xx is an answer like any other: never followed. */
export interface OutboundResponse {
  status: number;
  /** True for a 2xx. */
  ok: boolean;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body as UTF-8. */
  text(): string;
  /** The body parsed as JSON; throws a `SyntaxError` when it is not. */
  json(): unknown;
}

/**
 * The one way the server and its plugins call other systems over HTTP. Only `http:` and `https:`; the
 * address is checked against the policy inside the socket's own lookup (the address checked is the one
 * connected to: no DNS rebinding); redirects are never followed; connect and total timeouts; the answer
 * is cut past a size limit. Errors are `OutboundError`s whose messages never carry the answer's body.
 */
export interface OutboundClient {
  /** The policy in force, defaults filled in for the environment. */
  readonly policy: Readonly<Required<TargetPolicy>>;
  request(url: string | URL, init?: OutboundRequestInit): Promise<OutboundResponse>;
  /**
   * Throws an `OutboundError` unless `url` is http(s) and its host has an address the policy allows
   * (`OUTBOUND_TARGET_UNRESOLVED` when the name does not exist). A resolver failure that may pass
   * (EAI_AGAIN, a timeout) passes: every request checks again.
   */
  checkTarget(url: string | URL): Promise<void>;
  /**
   * What a registration of a target (a webhook URL, a channel's base URL) checks: `checkTarget` in
   * production, so a refused target is a 422 at once rather than a day of failed attempts; elsewhere only
   * the scheme (a tunnel's name may not resolve yet). Requests check every address either way.
   */
  checkRegistration(url: string | URL): Promise<void>;
}

export interface CreateOutboundClientInput extends OutboundOptions {
  /** Production refuses loopback unless `targets` allows it. @default "production" (the strictest) */
  environment?: "production" | "development" | "test" | undefined;
}

/** Resolver answers saying the name does not exist, as opposed to a failure that may pass. */
const NO_SUCH_HOST = new Set(["ENOTFOUND", "ENODATA"]);

/** `url` parsed, refused unless its scheme is http or https. */
function parseTarget(url: string | URL): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw OutboundError.refused("not a valid URL");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw OutboundError.refused(`the ${parsed.protocol} scheme (only http and https are allowed)`);
  return parsed;
}

/** The client the kernel builds once (`services.outbound`); build others only in tests. */
export function createOutboundClient(input: CreateOutboundClientInput = {}): OutboundClient {
  const isProduction = (input.environment ?? "production") === "production";
  const policy = {
    allowLoopback: input.targets?.allowLoopback ?? !isProduction,
    allowPrivate: input.targets?.allowPrivate ?? false,
  };
  const resolve = input.resolveHost ?? systemResolver;
  const lookup = pinnedLookup(policy, resolve);
  const connectTimeoutMs = input.connectTimeoutMs ?? 5000;
  const defaultTimeoutMs = input.timeoutMs ?? 10_000;
  const defaultMaxBytes = input.maxResponseBytes ?? 1_048_576;

  const checkTarget = async (url: string | URL): Promise<void> => {
    const host = hostOf(parseTarget(url));
    try {
      await reachableAddresses(host, policy, resolve);
    } catch (error) {
      if (isOutboundError(error)) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== undefined && NO_SUCH_HOST.has(code))
        throw new OutboundError("OUTBOUND_TARGET_UNRESOLVED", `${host} does not resolve`);
    }
  };

  const request = async (url: string | URL, init: OutboundRequestInit = {}): Promise<OutboundResponse> => {
    const target = parseTarget(url);
    const host = hostOf(target);
    // A literal address skips the lookup, so the lookup's check would never see it: check it here.
    if (isIP(host)) await reachableAddresses(host, policy, resolve);
    const timeoutMs = init.timeoutMs ?? defaultTimeoutMs;
    const maxBytes = init.maxResponseBytes ?? defaultMaxBytes;
    const body =
      init.body === undefined ? undefined : typeof init.body === "string" ? Buffer.from(init.body) : init.body;
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;

    return new Promise<OutboundResponse>((resolveAnswer, reject) => {
      let isSettled = false;
      const timers: NodeJS.Timeout[] = [];
      const settle = (outcome: () => void) => {
        if (isSettled) return;
        isSettled = true;
        for (const timer of timers) clearTimeout(timer);
        outcome();
      };
      const fail = (error: OutboundError) => {
        settle(() => reject(error));
        outgoing.destroy();
      };
      const outgoing = send(target, {
        method: init.method ?? "GET",
        headers: { ...init.headers, ...(body === undefined ? {} : { "content-length": String(body.byteLength) }) },
        lookup,
        // No pooled socket: each request connects through the lookup above, so none skips the check.
        agent: false,
      });
      timers.push(
        setTimeout(
          () => fail(new OutboundError("OUTBOUND_TIMEOUT", `${host} did not answer within ${timeoutMs} ms`)),
          timeoutMs,
        ),
      );
      const connectTimer = setTimeout(
        () =>
          fail(
            new OutboundError("OUTBOUND_TIMEOUT", `${host} did not accept a connection within ${connectTimeoutMs} ms`),
          ),
        connectTimeoutMs,
      );
      timers.push(connectTimer);
      outgoing.on("socket", (socket) => socket.once("connect", () => clearTimeout(connectTimer)));
      outgoing.on("error", (error: NodeJS.ErrnoException) => {
        if (isOutboundError(error)) return fail(error);
        if (error.code !== undefined && NO_SUCH_HOST.has(error.code))
          return fail(new OutboundError("OUTBOUND_TARGET_UNRESOLVED", `${host} does not resolve`, { cause: error }));
        fail(
          new OutboundError("OUTBOUND_NETWORK", `Could not reach ${host}: ${error.code ?? error.message}`, {
            cause: error,
          }),
        );
      });
      outgoing.on("response", (response) => {
        const status = response.statusCode ?? 0;
        const declared = Number(response.headers["content-length"] ?? 0);
        const tooLarge = () =>
          new OutboundError(
            "OUTBOUND_RESPONSE_TOO_LARGE",
            `${host} answered ${status} with more than ${maxBytes} bytes`,
          );
        if (declared > maxBytes) return fail(tooLarge());
        const chunks: Buffer[] = [];
        let received = 0;
        response.on("data", (chunk: Buffer) => {
          received += chunk.byteLength;
          if (received > maxBytes) return fail(tooLarge());
          chunks.push(chunk);
        });
        response.on("error", () => fail(new OutboundError("OUTBOUND_NETWORK", `${host} broke off its answer`)));
        response.on("end", () => {
          const answer = Buffer.concat(chunks);
          settle(() =>
            resolveAnswer({
              status,
              ok: status >= 200 && status < 300,
              headers: response.headers,
              body: answer,
              text: () => answer.toString("utf8"),
              json: () => JSON.parse(answer.toString("utf8")) as unknown,
            }),
          );
        });
      });
      outgoing.end(body);
    });
  };

  return {
    policy,
    request,
    checkTarget,
    checkRegistration: async (url) => {
      if (isProduction) return checkTarget(url);
      parseTarget(url);
    },
  };
}

declare module "../../kernel/config.js" {
  interface CommerceConfig {
    /**
     * Every outbound HTTP call of the server and its plugins (webhooks, payment gateways, channel
     * adapters, OAuth profiles): which non-public addresses may be reached, timeouts, answer size limit.
     */
    outbound?: OutboundOptions;
  }
}

// The kernel builds one client before any module's services; modules and plugins use `services.outbound`.
declare module "../../kernel/services.js" {
  interface Services {
    outbound: OutboundClient;
  }
}
