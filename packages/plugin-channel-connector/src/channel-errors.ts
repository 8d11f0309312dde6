import { defineErrors, type ErrorCodesOf } from "@unified-commerce/plugin-sdk";

/** The connector's error codes, merged into the kernel's and listed in the OpenAPI document. */
export const channelErrors = defineErrors({
  CHANNEL_TARGET_REFUSED: {
    status: 422,
    message:
      "The channel's URL is refused by the outbound address policy (production reaches only public addresses unless outbound.targets allows others)",
  },
});

declare module "@unified-commerce/plugin-sdk" {
  interface ErrorCodes extends ErrorCodesOf<typeof channelErrors> {}
}
