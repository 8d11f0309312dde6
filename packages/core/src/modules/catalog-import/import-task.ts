/** The job that writes an import's batches; re-enqueues itself while rows remain (see `runImportJob`). */
export const IMPORT_TASK = "catalog-import/run";

declare module "../../kernel/kernel-task.js" {
  interface TaskInputs {
    "catalog-import/run": { importId: string };
  }
}
