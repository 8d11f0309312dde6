export { runCreateStore, type CreateStoreIo, type CreatedStore } from "./create-store.js";
export type { PromptStreams } from "./ask-options.js";
export { storeFiles, type StoreFilesInput } from "./store-files.js";
export { STORE_TEMPLATES, type StoreTemplate, type TemplateName } from "./store-templates.js";
export type { ReleaseVersions } from "./release-versions.js";
export type { DatabaseChoice } from "./templates/project-files.js";
