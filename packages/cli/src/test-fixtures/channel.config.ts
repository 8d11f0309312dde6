import { defineConfig, type CommerceConfig } from "@unified-commerce/core";
import { auth } from "@unified-commerce/auth";
import { channelConnector } from "@unified-commerce/plugin-channel-connector";
import { fixtureConfigFor } from "./commerce.config.js";

/** The fixture configuration plus the channel connector (with a fixed secret key: credentials are sealed under it). */
export function channelFixtureConfigFor(env: NodeJS.ProcessEnv): CommerceConfig {
  return defineConfig({
    ...fixtureConfigFor(env),
    secretKey: Buffer.alloc(32, 7).toString("base64"),
    plugins: [auth({ passwordHashing: { memoryCost: 1024, timeCost: 1, parallelism: 1 } }), channelConnector()],
  });
}

export default channelFixtureConfigFor(process.env);
