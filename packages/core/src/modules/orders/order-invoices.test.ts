import { sql } from "kysely";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestActor,
  createTestApp,
  isPostgresTestRun,
  testAdminActor,
  testCustomerActor,
  type TestApp,
} from "../../testing/index.js";
import { call, otherOrgAdmin } from "../catalog/testing.js";
import { formatInvoiceNumber } from "./invoice-number.js";
import type { MailMessage } from "./mailer.js";
import { createOrder } from "./orders-test-helpers.js";

const reader = createTestActor({ id: "invoice-reader", permissions: ["orders:read"] });
const updater = createTestActor({ id: "invoice-updater", permissions: ["orders:read", "orders:update"] });
/** Small limits, so the rate-limit test reaches them in a few requests. */
const INVOICE_EMAIL_LIMIT = { perOrder: 2, perCaller: 3, windowSeconds: 3600 };
const year = new Date().getUTCFullYear();

/** The text of every page, whitespace (no-break spaces included) folded to single spaces. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

const fold = (text: string): string => text.replace(/\s+/g, " ");

describe("invoices", () => {
  let t: TestApp;
  const sent: MailMessage[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        mail: { mailer: { send: async (message) => void sent.push(message) }, invoiceEmailLimit: INVOICE_EMAIL_LIMIT },
      },
    });
    const settings = (group: string, body: unknown) =>
      call(t.app, "PATCH", `/api/settings/${group}`, { actor: testAdminActor, body });
    expect((await settings("general", { currency: "EUR", timezone: "Europe/Berlin", locale: "de-DE" })).status).toBe(
      200,
    );
    const branding = {
      storeName: "Corner Shop",
      legalName: "Corner Shop GmbH",
      taxId: "DE123456789",
      email: "billing@corner.example",
      address: { line1: "1 Main St", city: "Berlin", postalCode: "10115", country: "DE" },
      receiptFooter: "Thank you!",
    };
    expect((await settings("branding", branding)).status).toBe(200);
  });
  afterAll(() => t.close());

  const count = async (table: "order_invoices" | "jobs") =>
    (await sql<{ count: number }>`select count(*)::int as count from ${sql.table(table)}`.execute(t.db)).rows[0]
      ?.count ?? 0;
  const requests = async () =>
    (await sql<{ count: number }>`select count(*)::int as count from order_invoice_emails`.execute(t.db)).rows[0]
      ?.count ?? 0;
  /** An order of a customer whose profile has `email`. */
  const customerOrder = async (email: string) => {
    const customer = await t.kernel.services.customers.create("default", { email, name: "Buyer" }, null);
    return createOrder(t.kernel, { customerId: customer.id });
  };
  const get = (url: string, actor = reader) =>
    t.app.inject({ url, headers: { "x-test-actor": JSON.stringify(actor) } });

  it("renders the PDF invoice with the order and invoice numbers, the seller, totals and tax per rate in the store's locale", async () => {
    const order = await createOrder(t.kernel);
    const response = await get(`/api/orders/${order.id}/invoice.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const invoiceNumber = formatInvoiceNumber(year, 1);
    // Security issue 31: served inline, the PDF rendered in the API's origin. Now always a download.
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="${invoiceNumber}.pdf"; filename*=UTF-8''${invoiceNumber}.pdf`,
    );
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      order.number,
      invoiceNumber,
      "Corner Shop GmbH",
      "DE123456789",
      "Customer: customer-1",
      "1 Rue de la Paix",
      "Mug",
      "Tea",
    ])
      expect(text).toContain(expected);
    // de-DE: decimal comma, the euro sign after the amount; 20 % tax on 27,00 € (30,00 € less 3,00 € of discounts).
    for (const expected of ["Subtotal 30,00 €", "Discounts -3,00 €", "Tax 20 % on 27,00 € 5,40 €", "Total 32,40 €"])
      expect(text).toContain(expected);
  });

  it("issues the number once: the PDF, the HTML invoice and the receipt of one order show the same one, by UUID or number", async () => {
    const order = await createOrder(t.kernel);
    const before = await count("order_invoices");
    const html = await get(`/api/orders/${order.number}/invoice.html`);
    expect(html.statusCode).toBe(200);
    const number = /INV-\d{4}-\d{6}/.exec(html.body)?.[0];
    expect(number).toBeDefined();
    expect(await pdfText((await get(`/api/orders/${order.id}/invoice.pdf`)).rawPayload)).toContain(number);
    expect((await get(`/api/orders/${order.id}/receipt.html`)).body).toContain(number);
    expect(await count("order_invoices")).toBe(before + 1);
    // The next order takes the next number: gapless.
    const next = await createOrder(t.kernel);
    expect((await get(`/api/orders/${next.id}/receipt.html`)).body).toContain(
      formatInvoiceNumber(year, Number(number?.slice(-6)) + 1),
    );
  });

  it("answers the HTML invoice with every value escaped and a policy that forbids scripts", async () => {
    const hostile = "<script>alert(1)</script>";
    const order = await createOrder(t.kernel, {
      shippingAddress: { line1: `"><img src=x onerror=alert(2)>`, city: "Paris", postalCode: "75002", country: "FR" },
      lines: [
        {
          entityId: crypto.randomUUID(),
          variantId: null,
          title: hostile,
          sku: "X&Y",
          quantity: 1,
          unitPrice: 1000,
          subtotal: 1000,
          discount: 0,
          tax: 200,
          total: 1200,
          taxRateBps: 2000,
        },
      ],
      subtotal: 1000,
      discountTotal: 0,
      taxTotal: 200,
      total: 1200,
      promotionCodes: [],
    });
    for (const path of ["invoice.html", "receipt.html"]) {
      const response = await get(`/api/orders/${order.id}/${path}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["content-security-policy"]).toContain("default-src 'none'");
      expect(response.body).not.toContain("<script");
      expect(response.body).not.toContain("<img");
      expect(response.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    }
    const invoice = (await get(`/api/orders/${order.id}/invoice.html`)).body;
    expect(invoice).toContain("X&amp;Y");
    expect(fold(invoice)).toContain("12,00 €");
  });

  it("prints a narrow receipt for 80 mm printers with the totals and the store's footer", async () => {
    const order = await createOrder(t.kernel);
    const receipt = await get(`/api/orders/${order.id}/receipt.html`);
    expect(receipt.body).toContain("size:80mm");
    expect(receipt.body).toContain("width:72mm");
    const text = fold(receipt.body);
    for (const expected of [order.number, "Corner Shop", "2 × Mug", "Tax 20 %", "32,40 €", "Thank you!"])
      expect(text).toContain(expected);
  });

  it("e-mails the invoice PDF to the order's customer through the mailer in a job, and answers 202 with the job id", async () => {
    const order = await customerOrder("buyer@example.com");
    const response = await call(t.app, "POST", `/api/orders/${order.id}/invoice/email`, { actor: reader, body: {} });
    expect(response.status).toBe(202);
    expect(response.body.data).toEqual({ jobId: expect.any(String), to: "buyer@example.com" });
    expect(sent.filter((message) => message.subject.includes(order.number))).toEqual([]);
    await t.kernel.services.jobs.run({ queue: "default", limit: 20 });
    const message = sent.find((candidate) => candidate.subject.includes(order.number));
    expect(message).toMatchObject({ to: "buyer@example.com", subject: expect.stringContaining("Corner Shop") });
    const attachment = message?.attachments?.[0];
    expect(attachment).toMatchObject({
      contentType: "application/pdf",
      filename: expect.stringMatching(/^INV-\d{4}-\d{6}\.pdf$/),
    });
    const text = await pdfText(attachment?.content ?? new Uint8Array());
    expect(text).toContain(order.number);
    expect(text).toContain(attachment?.filename.replace(".pdf", ""));
  });

  // Security issue 31: anyone with orders:read could mail an order's invoice to any address.
  it("sends to another address than the customer's only with orders:update (403 with orders:read, queueing nothing)", async () => {
    const order = await customerOrder("owner@example.com");
    const [jobs, asked] = [await count("jobs"), await requests()];
    const stranger = await call(t.app, "POST", `/api/orders/${order.id}/invoice/email`, {
      actor: reader,
      body: { to: "stranger@example.com" },
    });
    expect([stranger.status, stranger.body.error.code]).toEqual([403, "FORBIDDEN"]);
    // No customer address at all: orders:read may not name one either.
    const guest = await createOrder(t.kernel, { customerId: null });
    expect(
      (
        await call(t.app, "POST", `/api/orders/${guest.id}/invoice/email`, {
          actor: reader,
          body: { to: "someone@example.com" },
        })
      ).status,
    ).toBe(403);
    expect([await count("jobs"), await requests()]).toEqual([jobs, asked]);

    expect(
      (
        await call(t.app, "POST", `/api/orders/${order.id}/invoice/email`, {
          actor: reader,
          body: { to: "OWNER@example.com" },
        })
      ).status,
    ).toBe(202);
    const sentByUpdater = await call(t.app, "POST", `/api/orders/${order.id}/invoice/email`, {
      actor: updater,
      body: { to: "accountant@example.com" },
    });
    expect([sentByUpdater.status, sentByUpdater.body.data.to]).toEqual([202, "accountant@example.com"]);
    await t.kernel.services.jobs.run({ queue: "default", limit: 20 });
    expect(sent.filter((message) => message.subject.includes(order.number)).map((message) => message.to)).toEqual([
      "OWNER@example.com",
      "accountant@example.com",
    ]);
    expect(sent.some((message) => message.to === "stranger@example.com")).toBe(false);
  });

  it("limits invoice e-mails per order and per caller (429), queueing nothing over the limit", async () => {
    const [first, second, third] = [
      await customerOrder("one@example.com"),
      await customerOrder("two@example.com"),
      await customerOrder("three@example.com"),
    ];
    const clerk = createTestActor({ id: "invoice-clerk", permissions: ["orders:read"] });
    const other = createTestActor({ id: "invoice-other-clerk", permissions: ["orders:read"] });
    const ask = (orderId: string, actor = clerk) =>
      call(t.app, "POST", `/api/orders/${orderId}/invoice/email`, { actor, body: {} });
    expect((await ask(first.id)).status).toBe(202);
    expect((await ask(first.id)).status).toBe(202);
    let [jobs, asked] = [await count("jobs"), await requests()];
    const perOrder = await ask(first.id);
    expect([perOrder.status, perOrder.body.error.code]).toEqual([429, "TOO_MANY_REQUESTS"]);
    // The order's limit holds whoever asks.
    expect((await ask(first.id, other)).status).toBe(429);
    expect([await count("jobs"), await requests()]).toEqual([jobs, asked]);
    expect((await ask(second.id)).status).toBe(202);
    [jobs, asked] = [await count("jobs"), await requests()];
    const perCaller = await ask(third.id);
    expect([perCaller.status, perCaller.body.error.message]).toEqual([
      429,
      expect.stringContaining("You asked for 3 invoice e-mails"),
    ]);
    expect([await count("jobs"), await requests()]).toEqual([jobs, asked]);
    expect((await ask(third.id, other)).status).toBe(202);
  });

  it("refuses an e-mail without a recipient or with a malformed one (422), queueing nothing", async () => {
    const order = await createOrder(t.kernel);
    const jobs = await count("jobs");
    const missing = await call(t.app, "POST", `/api/orders/${order.id}/invoice/email`, { actor: reader, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.error.code).toBe("VALIDATION_FAILED");
    expect(
      (
        await call(t.app, "POST", `/api/orders/${order.id}/invoice/email`, {
          actor: reader,
          body: { to: "not-an-address" },
        })
      ).status,
    ).toBe(422);
    expect(await count("jobs")).toBe(jobs);
  });

  it("answers 404 for another organization's order on every invoice route, issuing no number and queueing nothing", async () => {
    const order = await createOrder(t.kernel);
    const [invoices, jobs] = [await count("order_invoices"), await count("jobs")];
    for (const id of [order.id, order.number]) {
      for (const path of ["invoice.pdf", "invoice.html", "receipt.html"])
        expect((await get(`/api/orders/${id}/${path}`, otherOrgAdmin)).statusCode).toBe(404);
      expect(
        (
          await call(t.app, "POST", `/api/orders/${id}/invoice/email`, {
            actor: otherOrgAdmin,
            body: { to: "x@example.com" },
          })
        ).status,
      ).toBe(404);
    }
    expect((await get("/api/orders/not-an-order/invoice.pdf")).statusCode).toBe(404);
    expect([await count("order_invoices"), await count("jobs")]).toEqual([invoices, jobs]);
  });

  it("needs orders:read", async () => {
    const order = await createOrder(t.kernel);
    for (const path of ["invoice.pdf", "invoice.html", "receipt.html"]) {
      expect((await t.app.inject({ url: `/api/orders/${order.id}/${path}` })).statusCode).toBe(401);
      expect((await get(`/api/orders/${order.id}/${path}`, testCustomerActor)).statusCode).toBe(403);
    }
    expect(
      (
        await call(t.app, "POST", `/api/orders/${order.id}/invoice/email`, {
          actor: testCustomerActor,
          body: { to: "x@example.com" },
        })
      ).status,
    ).toBe(403);
  });

  it("documents the invoice routes and their content types in /api/doc", async () => {
    const { paths } = (await t.app.inject({ url: "/api/doc" })).json();
    expect(Object.keys(paths["/api/orders/{id}/invoice.pdf"].get.responses["200"].content)).toEqual([
      "application/pdf",
    ]);
    expect(Object.keys(paths["/api/orders/{id}/invoice.html"].get.responses["200"].content)).toEqual(["text/html"]);
    expect(Object.keys(paths["/api/orders/{id}/receipt.html"].get.responses["200"].content)).toEqual(["text/html"]);
    expect(paths["/api/orders/{id}/invoice/email"].post.responses["202"]).toBeDefined();
  });
});

describe.runIf(isPostgresTestRun())("invoice numbers under concurrency (PostgreSQL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { mail: { invoiceEmailLimit: INVOICE_EMAIL_LIMIT } } });
  });
  afterAll(() => t.close());

  const numbers = async () =>
    (await sql<{ number: string }>`select number from order_invoices order by number`.execute(t.db)).rows.map(
      (row) => row.number,
    );

  it("gives 20 first invoices of 20 orders, requested at once, the numbers 1 to 20", async () => {
    const orders = [];
    for (let i = 0; i < 20; i += 1) orders.push(await createOrder(t.kernel));
    const answers = await Promise.all(orders.map((order) => t.kernel.services.orders.invoice("default", order.id)));
    const expected = Array.from({ length: 20 }, (_, i) => formatInvoiceNumber(year, i + 1));
    expect(answers.map((answer) => answer.invoice.number).sort()).toEqual(expected);
    expect(await numbers()).toEqual(expected);
  });

  it("gives 20 first invoices of one order, requested at once through HTTP, one number", async () => {
    const order = await createOrder(t.kernel);
    const before = await numbers();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          url: `/api/orders/${order.id}/invoice.pdf`,
          headers: { "x-test-actor": JSON.stringify(reader) },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map((response) => response.headers["content-disposition"])).size).toBe(1);
    expect(await numbers()).toEqual([...before, formatInvoiceNumber(year, before.length + 1)]);
  });

  it("accepts exactly the limit of 20 invoice e-mails of one order requested at once", async () => {
    const order = await createOrder(t.kernel);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(t.app, "POST", `/api/orders/${order.id}/invoice/email`, {
          actor: createTestActor({ id: `concurrent-${i}`, permissions: ["orders:read", "orders:update"] }),
          body: { to: "books@example.com" },
        }),
      ),
    );
    expect(responses.filter((response) => response.status === 202)).toHaveLength(INVOICE_EMAIL_LIMIT.perOrder);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(20 - INVOICE_EMAIL_LIMIT.perOrder);
    const recorded = await sql<{
      count: number;
    }>`select count(*)::int as count from order_invoice_emails where order_id = ${order.id}`.execute(t.db);
    expect(recorded.rows[0]?.count).toBe(INVOICE_EMAIL_LIMIT.perOrder);
  });
});
