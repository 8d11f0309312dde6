import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboundClient, type Order } from "@unified-commerce/plugin-sdk";
import { deliverOrderEvent, verifyOrderEventSignature } from "./order-webhook.js";

const SECRET = "whsec_order_events";
// Only the fields the ACP order view reads.
const order = {
  id: "order-1",
  number: "ORD-1",
  status: "pending",
  lines: [],
  shippingTotal: 0,
  subtotal: 0,
  discountTotal: 0,
  taxTotal: 0,
  total: 0,
  currency: "EUR",
} as unknown as Order;
const orderUrl = (placed: Order) => `https://shop.example/orders/${placed.id}`;

describe("the order webhook's transport", () => {
  let platform: Server;
  let url: string;
  const received: { signature: string | undefined; body: string }[] = [];
  beforeAll(async () => {
    platform = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        received.push({ signature: request.headers["merchant-signature"] as string | undefined, body });
        response.writeHead(request.url === "/moved" ? 308 : 200, { location: "http://169.254.169.254/" }).end();
      });
    });
    await new Promise<void>((resolve) => platform.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => platform.close(() => resolve())));

  it("posts through the kernel's outbound client: signed to an allowed receiver, refused on loopback in production", async () => {
    const local = createOutboundClient({ environment: "test" });
    await expect(
      deliverOrderEvent(
        { orderUrl, outbound: local },
        { url: `${url}/events`, secret: SECRET },
        { type: "order_create", sessionId: "cs_1", order },
      ),
    ).resolves.toEqual({ status: 200 });
    expect(received).toHaveLength(1);
    expect(
      verifyOrderEventSignature({ secret: SECRET, header: received[0]?.signature, body: received[0]?.body ?? "" }),
    ).toBe(true);

    const production = createOutboundClient({ environment: "production" });
    await expect(
      deliverOrderEvent(
        { orderUrl, outbound: production },
        { url: `${url}/events`, secret: SECRET },
        { type: "order_update", sessionId: "cs_1", order },
      ),
    ).rejects.toThrow("Refused outbound target: 127.0.0.1 is a loopback address");
    expect(received).toHaveLength(1);
  });

  it("fails on a redirect instead of following it", async () => {
    const local = createOutboundClient({ environment: "test" });
    await expect(
      deliverOrderEvent(
        { orderUrl, outbound: local },
        { url: `${url}/moved`, secret: SECRET },
        { type: "order_create", sessionId: "cs_1", order },
      ),
    ).rejects.toThrow("The order webhook answered 308");
  });
});
