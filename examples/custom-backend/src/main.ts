import { buildApp } from "./build-app.js";

const app = await buildApp({
  database: process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: ".data" },
});
await app.listen({ port: Number(process.env.PORT ?? 3002), host: "127.0.0.1" });
