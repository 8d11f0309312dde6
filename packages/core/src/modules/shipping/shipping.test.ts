import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestActor, createTestApp, type TestApp } from "../../testing/index.js";
import { call, createEntity, otherOrgAdmin } from "../catalog/testing.js";
import { createWarehouse } from "../checkout/testing.js";
import { createShipping, shippingManager } from "./shipping-test-helpers.js";

const reader = createTestActor({ id: "shipping-reader", permissions: ["shipping:read"] });

describe("shipping admin routes", () => {
  let t: TestApp;
  let warehouseId: string;
  beforeAll(async () => {
    t = await createTestApp();
    warehouseId = await createWarehouse(t.app);
  });
  afterAll(() => t.close());

  it("creates, reads, updates and deletes zones, and refuses malformed ones", async () => {
    const zone = await createShipping(t.app, "zones", {
      name: "Paris",
      countries: ["FR", "FR"],
      regions: [" IDF "],
      postalPatterns: ["75*"],
    });
    expect(zone).toMatchObject({ name: "Paris", countries: ["FR"], regions: ["IDF"], postalPatterns: ["75*"] });
    const read = await call(t.app, "GET", `/api/shipping/zones/${zone.id}`, { actor: reader });
    expect(read.body.data).toEqual(zone);
    const updated = await call(t.app, "PATCH", `/api/shipping/zones/${zone.id}`, {
      actor: shippingManager,
      body: { postalPatterns: ["75*", "92?00"] },
    });
    expect(updated.body.data).toMatchObject({ countries: ["FR"], postalPatterns: ["75*", "92?00"] });
    const lowerCase = await call(t.app, "POST", "/api/shipping/zones", {
      actor: shippingManager,
      body: { name: "x", countries: ["fr"] },
    });
    expect([lowerCase.status, lowerCase.body.error.code]).toEqual([422, "VALIDATION_FAILED"]);
    const badPattern = await call(t.app, "POST", "/api/shipping/zones", {
      actor: shippingManager,
      body: { name: "x", countries: ["FR"], postalPatterns: ["75[0-9]"] },
    });
    expect(badPattern.status).toBe(422);
    expect((await call(t.app, "DELETE", `/api/shipping/zones/${zone.id}`, { actor: shippingManager })).status).toBe(
      200,
    );
    expect((await call(t.app, "GET", `/api/shipping/zones/${zone.id}`, { actor: reader })).status).toBe(404);
  });

  it("makes the default profile on the first option without one, and keeps one default", async () => {
    const zone = await createShipping(t.app, "zones", { name: "Germany", countries: ["DE"] });
    const option = await createShipping(t.app, "options", {
      name: "Standard",
      zoneId: zone.id,
      calculator: "flat",
      rates: { EUR: { amount: 500 } },
    });
    const profiles = (await call(t.app, "GET", "/api/shipping/profiles", { actor: reader })).body.data;
    expect(profiles).toEqual([expect.objectContaining({ id: option.profileId, name: "default", isDefault: true })]);
    const bulky = await createShipping(t.app, "profiles", { name: "bulky" });
    expect(bulky).toMatchObject({ isDefault: false });
    const duplicate = await call(t.app, "POST", "/api/shipping/profiles", {
      actor: shippingManager,
      body: { name: "bulky" },
    });
    expect(duplicate.status).toBe(409);
    // The default and a profile with options cannot go.
    const deleteDefault = await call(t.app, "DELETE", `/api/shipping/profiles/${option.profileId}`, {
      actor: shippingManager,
    });
    expect([deleteDefault.status, deleteDefault.body.error.details.reason]).toEqual([409, "DEFAULT_PROFILE"]);
    await call(t.app, "PATCH", `/api/shipping/profiles/${bulky.id}`, {
      actor: shippingManager,
      body: { isDefault: true },
    });
    const after = (await call(t.app, "GET", "/api/shipping/profiles", { actor: reader })).body.data as {
      name: string;
      isDefault: boolean;
    }[];
    expect(after.filter((profile) => profile.isDefault).map((profile) => profile.name)).toEqual(["bulky"]);
    const inUse = await call(t.app, "DELETE", `/api/shipping/profiles/${option.profileId}`, { actor: shippingManager });
    expect([inUse.status, inUse.body.error.details.reason]).toEqual([409, "PROFILE_IN_USE"]);
    await call(t.app, "PATCH", `/api/shipping/profiles/${option.profileId}`, {
      actor: shippingManager,
      body: { isDefault: true },
    });
    expect((await call(t.app, "DELETE", `/api/shipping/profiles/${bulky.id}`, { actor: shippingManager })).status).toBe(
      200,
    );
    await call(t.app, "DELETE", `/api/shipping/options/${option.id}`, { actor: shippingManager });
  });

  it("checks each calculator's rates, the pickup rule and what an option names", async () => {
    const zone = await createShipping(t.app, "zones", { name: "Austria", countries: ["AT"] });
    const refused = async (body: Record<string, unknown>) => {
      const response = await call(t.app, "POST", "/api/shipping/options", {
        actor: shippingManager,
        body: { name: "x", zoneId: zone.id, ...body },
      });
      return [response.status, response.body.error?.issues?.[0]?.path ?? response.body.error?.code];
    };
    expect(await refused({ calculator: "flat", rates: { EUR: {} } })).toEqual([422, "body.rates.EUR.amount"]);
    expect(await refused({ calculator: "free_above", rates: { EUR: { amount: 500 } } })).toEqual([
      422,
      "body.rates.EUR",
    ]);
    expect(await refused({ calculator: "weight_bands", rates: { EUR: { bands: [] } } })).toEqual([
      422,
      "body.rates.EUR.bands",
    ]);
    const descending = {
      bands: [
        { upTo: 1000, amount: 1 },
        { upTo: 1000, amount: 2 },
      ],
    };
    expect(await refused({ calculator: "weight_bands", rates: { EUR: descending } })).toEqual([
      422,
      "body.rates.EUR.bands.1",
    ]);
    const openFirst = {
      bands: [
        { upTo: null, amount: 1 },
        { upTo: 10, amount: 2 },
      ],
    };
    expect(await refused({ calculator: "subtotal_bands", rates: { EUR: openFirst } })).toEqual([
      422,
      "body.rates.EUR.bands.0",
    ]);
    expect(await refused({ calculator: "flat", rates: {} })).toEqual([422, "body.rates"]);
    expect((await refused({ calculator: "flat", rates: { eur: { amount: 1 } } }))[0]).toBe(422);
    expect(await refused({ calculator: "flat", rates: { EUR: { amount: 1 } }, isPickup: true })).toEqual([
      422,
      "body.warehouseId",
    ]);
    expect(await refused({ calculator: "flat", rates: { EUR: { amount: 1 } }, zoneId: null })).toEqual([
      422,
      "body.zoneId",
    ]);
    expect(
      await refused({
        calculator: "flat",
        rates: { EUR: { amount: 1 } },
        taxClassId: "00000000-0000-4000-8000-000000000000",
      }),
    ).toEqual([404, "NOT_FOUND"]);
    const pickup = await createShipping(t.app, "options", {
      name: "Collect in store",
      calculator: "flat",
      rates: { EUR: { amount: 0 } },
      isPickup: true,
      warehouseId,
    });
    expect(pickup).toMatchObject({ zoneId: null, isPickup: true, warehouseId, isActive: true });
    const updated = await call(t.app, "PATCH", `/api/shipping/options/${pickup.id}`, {
      actor: shippingManager,
      body: { isActive: false, rates: { EUR: { amount: 100 }, USD: { amount: 120 } } },
    });
    expect(updated.body.data).toMatchObject({ isActive: false, rates: { EUR: { amount: 100 }, USD: { amount: 120 } } });
    const listed = (await call(t.app, "GET", "/api/shipping/options", { actor: reader })).body.data;
    expect(listed.map((option: { id: string }) => option.id)).toContain(pickup.id);
  });

  it("keeps physical attributes per entity and per variant, and drops them with the entity", async () => {
    const entityId = await createEntity(t.app, { slug: "parcel" });
    const variantId = (
      await call(t.app, "POST", `/api/catalog/entities/${entityId}/variants`, { body: { sku: "P-1" } })
    ).body.data.id;
    const put = (body: Record<string, unknown>) =>
      call(t.app, "PUT", "/api/shipping/attributes", { actor: shippingManager, body: { entityId, ...body } });
    const entity = await put({ weightGrams: 1200, lengthMm: 300, widthMm: 200, heightMm: 100, hsCode: "6109.10" });
    expect(entity.body.data).toMatchObject({
      variantId: null,
      weightGrams: 1200,
      requiresShipping: null,
      hsCode: "6109.10",
    });
    await put({ variantId, weightGrams: 1500, originCountry: "PT" });
    const kept = await put({ variantId, requiresShipping: false });
    expect(kept.body.data).toMatchObject({ weightGrams: 1500, originCountry: "PT", requiresShipping: false });
    const cleared = await put({ variantId, weightGrams: null });
    expect(cleared.body.data.weightGrams).toBeNull();
    const listed = await call(t.app, "GET", `/api/shipping/attributes?entityId=${entityId}`, { actor: reader });
    expect(listed.body.data.map((row: { variantId: string | null }) => row.variantId)).toEqual([null, variantId]);
    expect((await put({ variantId: "00000000-0000-4000-8000-000000000000", weightGrams: 1 })).status).toBe(404);
    expect((await put({ hsCode: "abc" })).status).toBe(422);
    await call(t.app, "DELETE", `/api/catalog/entities/${entityId}`);
    const gone = await call(t.app, "GET", `/api/shipping/attributes?entityId=${entityId}`, { actor: reader });
    expect(gone.body.data).toEqual([]);
  });

  it("answers 403 without the permissions, and 404 for another organization's rows", async () => {
    const zone = await createShipping(t.app, "zones", { name: "Spain", countries: ["ES"] });
    const option = await createShipping(t.app, "options", {
      name: "Spain flat",
      zoneId: zone.id,
      calculator: "flat",
      rates: { EUR: { amount: 700 } },
    });
    expect(
      (await call(t.app, "POST", "/api/shipping/zones", { actor: reader, body: { name: "y", countries: ["ES"] } }))
        .status,
    ).toBe(403);
    const nobody = createTestActor({ id: "nobody", permissions: ["catalog:read"] });
    expect((await call(t.app, "GET", "/api/shipping/options", { actor: nobody })).status).toBe(403);
    for (const [method, url] of [
      ["GET", `/api/shipping/zones/${zone.id}`],
      ["DELETE", `/api/shipping/zones/${zone.id}`],
      ["GET", `/api/shipping/options/${option.id}`],
      ["PATCH", `/api/shipping/options/${option.id}`],
      ["DELETE", `/api/shipping/options/${option.id}`],
      ["DELETE", `/api/shipping/profiles/${option.profileId}`],
    ] as const) {
      const response = await call(t.app, method, url, {
        actor: otherOrgAdmin,
        ...(method === "PATCH" ? { body: { name: "stolen" } } : {}),
      });
      expect([method, url, response.status]).toEqual([method, url, 404]);
    }
    const foreignZone = await call(t.app, "POST", "/api/shipping/options", {
      actor: otherOrgAdmin,
      body: { name: "x", zoneId: zone.id, calculator: "flat", rates: { EUR: { amount: 1 } } },
    });
    expect(foreignZone.status).toBe(404);
    const foreignWarehouse = await call(t.app, "POST", "/api/shipping/options", {
      actor: otherOrgAdmin,
      body: { name: "x", isPickup: true, warehouseId, calculator: "flat", rates: { EUR: { amount: 1 } } },
    });
    expect(foreignWarehouse.status).toBe(404);
    expect((await call(t.app, "GET", "/api/shipping/options", { actor: otherOrgAdmin })).body.data).toEqual([]);
    expect((await call(t.app, "GET", `/api/shipping/options/${option.id}`, { actor: reader })).status).toBe(200);
  });

  it("documents every shipping route in /api/doc", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/doc" })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/shipping/profiles",
        "/api/shipping/zones/{id}",
        "/api/shipping/options/{id}",
        "/api/shipping/attributes",
        "/api/carts/{id}/shipping",
        "/api/carts/{id}/shipping-options",
      ]),
    );
  });
});
