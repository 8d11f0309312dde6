import { describe, expect, it } from "vitest";
import { hasPermission, isPermissionString, permissionCovers } from "./permissions.js";

describe("permissionCovers", () => {
  it.each([
    ["*:*", "catalog:read", true],
    ["catalog:*", "catalog:delete", true],
    ["catalog:*", "catalog:read:unpublished", true],
    ["catalog:read", "catalog:read", true],
    ["catalog:read", "catalog:read:unpublished", false],
    ["catalog:read:unpublished", "catalog:read", false],
    ["catalog:read:unpublished", "catalog:read:unpublished", true],
    ["orders:read", "catalog:read", false],
    ["*:read", "orders:read", true],
    ["*:read", "orders:update", false],
  ])("%s covers %s: %s", (granted, required, expected) => {
    expect(permissionCovers(granted, required)).toBe(expected);
  });

  it("refuses a missing actor", () => {
    expect(hasPermission(null, "catalog:read")).toBe(false);
  });

  it("validates permission strings", () => {
    expect(isPermissionString("catalog:read:unpublished")).toBe(true);
    expect(isPermissionString("*:*")).toBe(true);
    expect(isPermissionString("catalog")).toBe(false);
    expect(isPermissionString("catalog:read:x:y")).toBe(false);
  });
});
