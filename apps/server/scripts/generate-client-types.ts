import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { CLIENT_TYPES_PATH, generateClientTypes } from "../src/client-types.js";

// `pnpm generate:client`: rewrites @unified-commerce/client's types from the reference server's document.
const source = await generateClientTypes();
await writeFile(CLIENT_TYPES_PATH, source);
console.log(`wrote ${fileURLToPath(CLIENT_TYPES_PATH)} (${source.length} characters)`);
