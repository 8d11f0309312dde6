import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../testing/index.js";
import { call, createEntity } from "../catalog/testing.js";
import { PNG, uploadMedia } from "../media/testing.js";
import type { CreateOrderLineInput } from "../orders/index.js";
import { customer, meCall, orderOf } from "./me-test-helpers.js";

const ann = customer("ann");
const TTL_SECONDS = 600;
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n${text}\n%%EOF\n`);

/** An order line of `entityId` (and `variantId`) as checkout writes it. */
const line = (entityId: string, variantId: string | null, title: string): CreateOrderLineInput => ({
  entityId,
  variantId,
  title,
  sku: null,
  quantity: 1,
  unitPrice: 1000,
  subtotal: 1000,
  discount: 0,
  tax: 0,
  total: 1000,
  taxRateBps: 0,
});

const orderTotals = (count: number) => ({
  isTaxInclusive: false,
  promotionCodes: [],
  subtotal: 1000 * count,
  discountTotal: 0,
  taxTotal: 0,
  total: 1000 * count,
});

describe("/api/me/orders/:orderId/downloads", () => {
  let t: TestApp;
  let directory: string;
  // A course sold in two formats (variants), each with its own file, and a bonus file for every buyer.
  const course = { entityId: "", pdfVariant: "", epubVariant: "", pdfFile: "", epubFile: "", bonusFile: "" };
  let poster = "";

  const upload = async (data: Buffer, filename: string): Promise<string> => {
    const response = await uploadMedia(t.app, [{ name: "file", value: data, filename }]);
    if (response.status !== 201) throw new Error(`upload failed: ${JSON.stringify(response.body)}`);
    return response.body.data.id;
  };
  const attach = async (body: Record<string, unknown>) => {
    const response = await call(t.app, "POST", "/api/media/attach", { body });
    if (response.status !== 201) throw new Error(`attach failed: ${JSON.stringify(response.body)}`);
  };
  const courseOrder = (
    status: "pending" | "confirmed" | "processing" | "fulfilled" | "cancelled" | "refunded",
    actor = ann,
  ) =>
    orderOf(t.kernel, actor, {
      status,
      ...orderTotals(2),
      lines: [line(course.entityId, course.pdfVariant, "Course (PDF)"), line(poster, null, "Poster")],
    });
  const fetchFile = (url: string) => t.app.inject({ url });

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "uc-me-downloads-"));
    t = await createTestApp({
      config: { media: { directory, signingSecret: "me-downloads-secret", signedUrlTtlSeconds: TTL_SECONDS } },
    });
    course.entityId = await createEntity(t.app, { slug: "course", type: "digitalDownload" });
    const variants = await call(t.app, "POST", `/api/catalog/entities/${course.entityId}/variants/bulk`, {
      body: { axes: [{ name: "Format", values: ["PDF", "EPUB"] }] },
    });
    [course.pdfVariant, course.epubVariant] = variants.body.data.created.map((variant: { id: string }) => variant.id);
    course.pdfFile = await upload(pdf("the PDF edition"), "course.pdf");
    course.epubFile = await upload(pdf("the EPUB edition"), "course-epub.pdf");
    course.bonusFile = await upload(pdf("bonus chapter"), "bonus.pdf");
    await attach({
      entityId: course.entityId,
      variantId: course.pdfVariant,
      mediaAssetId: course.pdfFile,
      role: "download",
    });
    await attach({
      entityId: course.entityId,
      variantId: course.epubVariant,
      mediaAssetId: course.epubFile,
      role: "download",
    });
    await attach({ entityId: course.entityId, mediaAssetId: course.bonusFile, role: "download" });
    // A physical poster whose picture is gallery media, not something a buyer downloads.
    poster = await createEntity(t.app, { slug: "poster" });
    await attach({ entityId: poster, mediaAssetId: await upload(PNG, "poster.png"), role: "gallery" });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await t.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("links the files attached with role download to the line's variant and entity, and the link serves the bytes without credentials", async () => {
    const order = await courseOrder("confirmed");
    const response = await meCall(t.app, "GET", `/api/me/orders/${order.id}/downloads`, { actor: ann });
    expect(response.status).toBe(200);
    const downloads = response.body.data as {
      mediaAssetId: string;
      url: string;
      expiresAt: string;
      lineItemId: string;
      filename: string;
    }[];
    // The PDF format's file and the bonus; not the EPUB format's, not the poster's gallery picture.
    expect(downloads.map((download) => download.mediaAssetId).sort()).toEqual(
      [course.pdfFile, course.bonusFile].sort(),
    );
    const pdfLine = order.lines[0];
    for (const download of downloads) {
      expect(download).toMatchObject({
        lineItemId: pdfLine?.lineItemId,
        entityId: course.entityId,
        variantId: course.pdfVariant,
        title: "Course (PDF)",
        mimeType: "application/pdf",
      });
      expect(download.url).toMatch(
        new RegExp(`^/api/media/${download.mediaAssetId}/file\\?expires=\\d+&signature=[\\w-]+$`),
      );
      const secondsLeft = (Date.parse(download.expiresAt) - Date.now()) / 1000;
      expect(secondsLeft).toBeGreaterThan(TTL_SECONDS - 30);
      expect(secondsLeft).toBeLessThanOrEqual(TTL_SECONDS);
    }
    const pdfDownload = downloads.find((download) => download.mediaAssetId === course.pdfFile);
    expect(pdfDownload).toMatchObject({ filename: "course.pdf", sizeBytes: pdf("the PDF edition").length });
    // No actor, no header: the signature is the credential.
    const file = await fetchFile(pdfDownload?.url ?? "");
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.rawPayload.equals(pdf("the PDF edition"))).toBe(true);
  });

  it("lets a link expire after media.signedUrlTtlSeconds, and refuses a tampered one", async () => {
    const order = await courseOrder("fulfilled");
    const [download] = (await meCall(t.app, "GET", `/api/me/orders/${order.number}/downloads`, { actor: ann })).body
      .data as { url: string; mediaAssetId: string }[];
    if (!download) throw new Error("no download");
    expect((await fetchFile(download.url)).statusCode).toBe(200);

    const tampered = download.url.replace(
      /expires=(\d+)/,
      (_match, expires: string) => `expires=${Number(expires) + 3600}`,
    );
    expect((await fetchFile(tampered)).statusCode).toBe(403);
    const otherAsset = download.url.replace(
      download.mediaAssetId,
      download.mediaAssetId === course.bonusFile ? course.pdfFile : course.bonusFile,
    );
    expect((await fetchFile(otherAsset)).statusCode).toBe(403);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + (TTL_SECONDS + 5) * 1000);
    const expired = await fetchFile(download.url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error.code).toBe("FORBIDDEN");
    vi.useRealTimers();
    // A fresh call gives fresh links.
    const [again] = (await meCall(t.app, "GET", `/api/me/orders/${order.id}/downloads`, { actor: ann })).body.data as {
      url: string;
    }[];
    expect((await fetchFile(again?.url ?? "")).statusCode).toBe(200);
  });

  it("opens downloads once the order is paid: confirmed to fulfilled, never pending, cancelled or refunded (409)", async () => {
    for (const status of ["confirmed", "processing", "fulfilled"] as const) {
      const order = await courseOrder(status);
      expect(
        (await meCall(t.app, "GET", `/api/me/orders/${order.id}/downloads`, { actor: ann })).body.data,
        status,
      ).toHaveLength(2);
    }
    for (const status of ["pending", "cancelled", "refunded"] as const) {
      const order = await courseOrder(status);
      const response = await meCall(t.app, "GET", `/api/me/orders/${order.id}/downloads`, { actor: ann });
      expect(response.status, status).toBe(409);
      expect(response.body.error).toMatchObject({ code: "CONFLICT", details: { status } });
    }
  });

  it("gives no link for a line refunded in full, nor for items without download files", async () => {
    const order = await courseOrder("confirmed");
    await sql`update order_lines set refunded_quantity = quantity where order_id = ${order.id} and entity_id = ${course.entityId}`.execute(
      t.db,
    );
    const response = await meCall(t.app, "GET", `/api/me/orders/${order.id}/downloads`, { actor: ann });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);

    const deletedItem = await orderOf(t.kernel, ann, {
      status: "confirmed",
      ...orderTotals(1),
      lines: [line(randomUUID(), null, "Gone")],
    });
    expect(
      (await meCall(t.app, "GET", `/api/me/orders/${deletedItem.id}/downloads`, { actor: ann })).body.data,
    ).toEqual([]);
  });

  it("answers 404 for another customer's order, by id and by number", async () => {
    const order = await courseOrder("confirmed");
    for (const id of [order.id, order.number]) {
      const response = await meCall(t.app, "GET", `/api/me/orders/${id}/downloads`, { actor: customer("bob") });
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain("signature");
    }
  });
});
