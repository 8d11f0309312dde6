import { defineConfig } from "@unified-commerce/core";
import { auth } from "@unified-commerce/auth";
import { channelConnector } from "@unified-commerce/plugin-channel-connector";
import base from "./commerce.config.js";

/** The fixture configuration plus the channel connector (with a fixed secret key: credentials are sealed under it). */
export default defineConfig({
  ...base,
  secretKey: Buffer.alloc(32, 7).toString("base64"),
  plugins: [auth({ passwordHashing: { memoryCost: 1024, timeCost: 1, parallelism: 1 } }), channelConnector()],
});
