import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** One request a test receiver got. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookTestReceiver {
  /** Its URL on 127.0.0.1, path `/hooks`. */
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** The status it answers from now on. @default 200 */
  setStatus(status: number): void;
  close(): Promise<void>;
}

/** An HTTP receiver on loopback (port 0) that records what it gets, for tests of webhook delivery. */
export function startWebhookTestReceiver(): Promise<WebhookTestReceiver> {
  const received: ReceivedWebhook[] = [];
  let status = 200;
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(status).end();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/hooks`,
        port,
        received,
        setStatus: (next) => (status = next),
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
