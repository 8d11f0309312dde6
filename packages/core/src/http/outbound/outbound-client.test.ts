import { createServer, type IncomingHttpHeaders, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboundClient } from "./outbound-client.js";
import { OutboundError } from "./outbound-error.js";

const SECRET_REPLY = "internal-secret-7f3a";

async function listen(
  handler: RequestListener,
): Promise<{ server: Server; url: string; hits: { url: string; headers: IncomingHttpHeaders }[] }> {
  const hits: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((request, response) => {
    hits.push({ url: request.url ?? "", headers: request.headers });
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as OutboundError,
  );

describe("the outbound client", () => {
  let inside: Awaited<ReturnType<typeof listen>>;
  let receiver: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    // A service inside the network: whatever reaches it leaks its reply.
    inside = await listen((_request, response) => response.end(SECRET_REPLY));
    receiver = await listen((request, response) => {
      if (request.url === "/redirect")
        return response.writeHead(302, { location: `${inside.url}/latest/meta-data` }).end();
      if (request.url === "/metadata")
        return response.writeHead(307, { location: "http://169.254.169.254/latest/meta-data" }).end();
      if (request.url === "/huge") return response.end("x".repeat(5000));
      if (request.url === "/huge-chunked") {
        response.writeHead(200, { "transfer-encoding": "chunked" });
        for (let index = 0; index < 10; index += 1) response.write("y".repeat(1000));
        return response.end();
      }
      if (request.url === "/slow") return setTimeout(() => response.end("late"), 2000);
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () =>
        response
          .writeHead(201, { "content-type": "application/json" })
          .end(JSON.stringify({ method: request.method, body })),
      );
    });
  });
  afterAll(async () => {
    for (const { server } of [inside, receiver]) await new Promise((resolve) => server.close(resolve));
  });

  const local = createOutboundClient({ environment: "test", maxResponseBytes: 2048 });

  it("sends a request and reads its answer", async () => {
    const answer = await local.request(`${receiver.url}/echo`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"a":1}',
    });
    expect([answer.status, answer.ok, answer.json()]).toEqual([201, true, { method: "POST", body: '{"a":1}' }]);
  });

  it("does not follow a redirect to another address: the 3xx is the answer", async () => {
    for (const path of ["/redirect", "/metadata"]) {
      const answer = await local.request(`${receiver.url}${path}`, { headers: { "x-api-key": "uc_key" } });
      expect([path, answer.status, answer.ok]).toEqual([path, path === "/redirect" ? 302 : 307, false]);
    }
    expect(inside.hits).toEqual([]);
  });

  it("cuts an answer past the size limit, declared or streamed, without echoing it", async () => {
    for (const path of ["/huge", "/huge-chunked"]) {
      const error = await failure(local.request(`${receiver.url}${path}`));
      expect(error).toBeInstanceOf(OutboundError);
      expect([path, error?.code]).toEqual([path, "OUTBOUND_RESPONSE_TOO_LARGE"]);
      expect(error?.message).not.toMatch(/xxx|yyy/);
    }
  });

  it("gives up after the total timeout", async () => {
    const error = await failure(local.request(`${receiver.url}/slow`, { timeoutMs: 200 }));
    expect([error?.code, error?.message]).toEqual(["OUTBOUND_TIMEOUT", "127.0.0.1 did not answer within 200 ms"]);
  });

  it("refuses schemes other than http and https, and URLs that are not URLs", async () => {
    for (const url of [
      "file:///etc/passwd",
      "ftp://example.com/",
      "gopher://127.0.0.1:6379/_INFO",
      "data:text/plain,hi",
      "not a url",
    ]) {
      const error = await failure(local.request(url));
      expect([url, error?.code]).toEqual([url, "OUTBOUND_TARGET_REFUSED"]);
    }
  });

  it("refuses loopback in production and never connects, by address or by a name resolving to it", async () => {
    const strict = createOutboundClient({
      environment: "production",
      resolveHost: async () => [{ address: "127.0.0.1", family: 4 }],
    });
    const port = new URL(inside.url).port;
    for (const url of [`${inside.url}/`, `http://[::ffff:127.0.0.1]:${port}/`, `http://inside.example:${port}/`]) {
      const error = await failure(strict.request(url));
      expect([url, error?.code]).toEqual([url, "OUTBOUND_TARGET_REFUSED"]);
      expect(error?.message).not.toContain(SECRET_REPLY);
    }
    expect((await failure(strict.checkTarget(`http://inside.example:${port}/`)))?.message).toBe(
      "Refused outbound target: inside.example resolves to 127.0.0.1, a loopback address",
    );
    expect(inside.hits).toEqual([]);
  });

  it("checks registrations in production only, refusing a name that does not exist", async () => {
    const resolveHost = async (hostname: string) => {
      if (hostname === "typo.example") throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
      return [{ address: hostname === "public.example" ? "93.184.216.34" : "10.0.0.1", family: 4 }];
    };
    const strict = createOutboundClient({ environment: "production", resolveHost });
    expect(await failure(strict.checkRegistration("https://public.example/"))).toBeNull();
    expect((await failure(strict.checkRegistration("https://typo.example/")))?.code).toBe("OUTBOUND_TARGET_UNRESOLVED");
    expect((await failure(strict.checkRegistration("https://intranet.example/")))?.code).toBe(
      "OUTBOUND_TARGET_REFUSED",
    );
    expect((await failure(strict.checkRegistration("https://[2002:7f00:1::1]/")))?.code).toBe(
      "OUTBOUND_TARGET_REFUSED",
    );
    const relaxed = createOutboundClient({ environment: "development", resolveHost });
    expect(await failure(relaxed.checkRegistration("https://intranet.example/"))).toBeNull();
    expect((await failure(relaxed.checkRegistration("file:///etc/passwd")))?.code).toBe("OUTBOUND_TARGET_REFUSED");
    expect((await failure(relaxed.request("https://intranet.example/")))?.code).toBe("OUTBOUND_TARGET_REFUSED");
  });
});
