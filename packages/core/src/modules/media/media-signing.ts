import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** Signs and verifies media URLs: valid for one asset of one organization until `expires` (Unix seconds). */
export interface MediaSigner {
  sign(input: { organizationId: string; assetId: string; expires: number }): string;
  isValid(
    input: { organizationId: string; assetId: string; expires: number; signature: string },
    now?: number,
  ): boolean;
}

export function createMediaSigner(secret: string | undefined): MediaSigner {
  // Without a configured secret, URLs signed by this process stay valid only in this process.
  const key = secret ?? randomBytes(32).toString("base64");
  const mac = (organizationId: string, assetId: string, expires: number) =>
    createHmac("sha256", key).update(`${organizationId}\n${assetId}\n${expires}`).digest("base64url");
  return {
    sign: ({ organizationId, assetId, expires }) => mac(organizationId, assetId, expires),
    isValid({ organizationId, assetId, expires, signature }, now = Math.floor(Date.now() / 1000)) {
      if (!Number.isSafeInteger(expires) || expires < now) return false;
      const expected = Buffer.from(mac(organizationId, assetId, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
