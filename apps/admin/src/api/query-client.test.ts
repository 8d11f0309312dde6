import { ApiError } from "@unified-commerce/client";
import { describe, expect, it, vi } from "vitest";
import { createQueryClient } from "./query-client.js";

const failWith = (status: number) => async () => {
  throw new ApiError({ status, code: status === 401 ? "UNAUTHORIZED" : "FORBIDDEN", message: "refused" });
};

describe("createQueryClient", () => {
  it("calls onUnauthorized for a 401 from a query or a mutation (an expired session), not for a 403", async () => {
    const onUnauthorized = vi.fn();
    const queryClient = createQueryClient({ onUnauthorized });
    await queryClient.fetchQuery({ queryKey: ["forbidden"], queryFn: failWith(403) }).catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
    await queryClient.fetchQuery({ queryKey: ["expired"], queryFn: failWith(401) }).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    const mutation = queryClient.getMutationCache().build(queryClient, { mutationFn: failWith(401) });
    await mutation.execute(undefined).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });
});
