import { isAppError, AppError } from "@unified-commerce/plugin-sdk";

/**
 * Runs a point-of-sale service call; a fault that is not a coded refusal answers 500 POS_SERVICE_FAILED with
 * its message (the spec: service-level failures of these routes surface as 500 with the message), and the
 * error envelope carries the request id as every 5xx does.
 */
export async function surfacingFailures<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new AppError("POS_SERVICE_FAILED", { message: `Point-of-sale service failed: ${message}`, cause: error });
  }
}
