import { HeadObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, jsonHeaders, testAdminActor, type TestApp } from "@unified-commerce/plugin-sdk/testing";
import { s3MediaStorage, s3MediaStorageFromEnv } from "./s3-media-storage.js";
import { startS3TestServer, type S3TestServer } from "./testing/s3-test-server.js";

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

function multipartUpload(file: Buffer, filename: string) {
  const boundary = "----uc-s3-test";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const { "content-type": _json, ...headers } = jsonHeaders(testAdminActor);
  return {
    method: "POST" as const,
    url: "/api/media/upload",
    headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload,
  };
}

describe("media on S3-compatible storage (s3rver on loopback)", () => {
  let s3: S3TestServer;
  let t: TestApp;
  let storage: ReturnType<typeof s3MediaStorage>;
  beforeAll(async () => {
    s3 = await startS3TestServer();
    storage = s3MediaStorage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      credentials: s3.credentials,
      forcePathStyle: true,
      keyPrefix: "store/",
    });
    t = await createTestApp({ config: { media: { storage, signedUrlTtlSeconds: 60 } } });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const objectExists = async (key: string) =>
    storage.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key })).then(
      () => true,
      (error: { name?: string }) => (error.name === "NotFound" ? false : Promise.reject(error)),
    );

  it("stores an upload in the bucket, serves it through a URL the store signed, and deletes it", async () => {
    const uploaded = await t.app.inject(multipartUpload(PNG, "shirt.png"));
    expect(uploaded.statusCode).toBe(201);
    const asset = uploaded.json().data;
    const key = `store/default/${asset.id}.png`;
    expect(await objectExists(key)).toBe(true);

    const signed = await t.app.inject({
      url: `/api/media/${asset.id}?signed=true`,
      headers: jsonHeaders(testAdminActor),
    });
    expect(signed.statusCode).toBe(302);
    const url = new URL(signed.headers.location as string);
    // The bucket's own presigned link, not the API's file route: any process (or a CDN) can serve it.
    expect(url.origin).toBe(s3.endpoint);
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(PNG);

    // Not checked here: that an unsigned or tampered read is refused. s3rver enforces neither bucket
    // policies nor query signatures; on S3 the bucket is private and the store checks the signature.

    // The file route reads through the adapter too.
    const file = await t.app.inject({ url: `/api/media/${asset.id}/file`, headers: jsonHeaders(testAdminActor) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(PNG);

    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/media/${asset.id}`,
      headers: jsonHeaders(testAdminActor),
    });
    expect(deleted.statusCode).toBeLessThan(300);
    await expect.poll(() => objectExists(key)).toBe(false);
    expect(
      (await t.app.inject({ url: `/api/media/${asset.id}`, headers: jsonHeaders(testAdminActor) })).statusCode,
    ).toBe(404);
  });

  it("refuses a file whose bytes are not an accepted type and writes nothing to the bucket", async () => {
    const before = await storage.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    const refused = await t.app.inject(multipartUpload(Buffer.from("<script>alert(1)</script>"), "x.png"));
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const after = await storage.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    expect(after.KeyCount).toBe(before.KeyCount);
  });

  it("reads a missing object as gone, and removing it again succeeds", async () => {
    expect(await storage.read("nobody/nothing.png")).toBeNull();
    await expect(storage.remove("nobody/nothing.png")).resolves.toBeUndefined();
  });

  it("is configured from the environment only when S3_BUCKET is set", () => {
    expect(s3MediaStorageFromEnv({})).toBeNull();
    expect(() => s3MediaStorageFromEnv({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "id" })).toThrow(/set together/);
    expect(
      s3MediaStorageFromEnv({ S3_BUCKET: "b", S3_ENDPOINT: "http://127.0.0.1:9", S3_FORCE_PATH_STYLE: "true" }),
    ).not.toBeNull();
  });
});
