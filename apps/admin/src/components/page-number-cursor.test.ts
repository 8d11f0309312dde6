import { describe, expect, it } from "vitest";
import { pageNumberCursor } from "./page-number-cursor.js";

describe("pageNumberCursor", () => {
  it("asks page 1 first, then the next page's number as the cursor, and null after the last page", async () => {
    const asked: number[] = [];
    const fetchPage = pageNumberCursor(async (page) => {
      asked.push(page);
      return { data: [page], meta: { pagination: { page, limit: 1, total: 2, totalPages: 2 } } };
    });
    const first = await fetchPage(undefined);
    expect(first.meta?.pagination?.nextCursor).toBe("2");
    const second = await fetchPage("2");
    expect(second).toEqual({
      data: [2],
      meta: { pagination: { page: 2, limit: 1, total: 2, totalPages: 2, nextCursor: null } },
    });
    expect(asked).toEqual([1, 2]);
  });
});
