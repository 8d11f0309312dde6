export { s3MediaStorage, s3MediaStorageFromEnv, type S3MediaStorageOptions } from "./s3-media-storage.js";
