import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { MediaStorage } from "@unified-commerce/plugin-sdk";

/** Where and how to reach the bucket. */
export interface S3MediaStorageOptions {
  bucket: string;
  /** @default "us-east-1" */
  region?: string;
  /** An S3-compatible service's URL (MinIO, R2, a local test server); unset: AWS S3 of `region`. */
  endpoint?: string;
  /** Static credentials; unset: the SDK's default chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Address the bucket as `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO and most self-hosted stores). @default false */
  forcePathStyle?: boolean;
  /** Prefix of every object key, to share a bucket with other data. @default "" */
  keyPrefix?: string;
  /** An already configured client (tests, custom retry or HTTP settings); the options above are then ignored but `bucket` and `keyPrefix`. */
  client?: S3Client;
}

/**
 * Media files as objects of one bucket. `signedUrl` presigns a GET with the bucket's credentials, so a
 * signed media URL is served by the store itself and works through any API process. Objects are
 * private: nothing is readable without a presigned URL or the server.
 */
export function s3MediaStorage(options: S3MediaStorageOptions): MediaStorage & { client: S3Client } {
  const client = options.client ?? new S3Client(clientConfig(options));
  const { bucket } = options;
  const prefix = options.keyPrefix ?? "";
  return {
    client,
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: prefix + key,
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
        }),
      );
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: prefix + key }));
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async remove(key) {
      // Deleting a missing object succeeds on S3, as removing a missing file does on disk.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: prefix + key }));
    },
    signedUrl: (key, { expiresInSeconds, contentType }) =>
      getSignedUrl(
        client,
        new GetObjectCommand({ Bucket: bucket, Key: prefix + key, ResponseContentType: contentType }),
        { expiresIn: expiresInSeconds },
      ),
  };
}

function clientConfig(options: S3MediaStorageOptions): S3ClientConfig {
  return {
    region: options.region ?? "us-east-1",
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    // Checksums only where S3 requires them: since 2025 the SDK adds CRC32 trailers to every upload by
    // default, which several S3-compatible stores do not accept yet. Uploads still carry Content-MD5-free
    // SigV4 signatures of their payload.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
}

/**
 * Reads `S3_BUCKET`, `S3_REGION`, `S3_ENDPOINT`, `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`,
 * `S3_FORCE_PATH_STYLE` and `S3_KEY_PREFIX`; null when `S3_BUCKET` is unset (the server keeps its
 * default local-disk storage then).
 */
export function s3MediaStorageFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): (MediaStorage & { client: S3Client }) | null {
  const bucket = env.S3_BUCKET;
  if (!bucket) return null;
  const accessKeyId = env.S3_ACCESS_KEY_ID;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together");
  return s3MediaStorage({
    bucket,
    ...(env.S3_REGION ? { region: env.S3_REGION } : {}),
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "true",
    ...(env.S3_KEY_PREFIX ? { keyPrefix: env.S3_KEY_PREFIX } : {}),
  });
}
