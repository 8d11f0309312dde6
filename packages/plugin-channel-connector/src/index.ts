export { channelConnector, CHANNEL_CONNECTOR_VERSION } from "./channel-plugin.js";
export type { ChannelConnectorOptions } from "./channel-options.js";
export {
  createAdapterRegistry,
  ChannelItemRejected,
  isChannelItemRejected,
  type AdapterRegistry,
  type ChannelAdapter,
  type ChannelConnectionAccess,
  type ChannelSession,
  type ChannelProduct,
  type ChannelListing,
  type ChannelListingPage,
  type ChannelOrder,
  type ChannelOrderOutcome,
  type ChannelShipments,
} from "./channel-adapter.js";
export {
  restStoreAdapter,
  REST_STORE_SETTINGS,
  REST_STORE_CREDENTIALS,
  type RestStoreAdapterOptions,
  type FetchLike,
} from "./rest-store-adapter.js";
export {
  BACKFILL_TASK,
  SYNC_INVENTORY_TASK,
  PULL_ORDERS_TASK,
  PUSH_ORDER_TASK,
  RECONCILE_TASK,
  RECONCILE_SWEEP_TASK,
  REAP_EXPORTS_TASK,
} from "./channel-declarations.js";
export {
  connectionSchema,
  createConnectionInput,
  backfillProgressSchema,
  backfillStatusSchema,
  reconcileReportSchema,
  channelOrderInput,
  importResultSchema,
} from "./channel-schemas.js";
export type { ChannelService, Connection, CreateConnectionInput } from "./channel-service.js";
export type { ImportResult } from "./order-import.js";
export type { BackfillPageResult } from "./catalog-backfill.js";
export type { ReapResult } from "./reap-exports.js";
export type { ReconcileReport } from "./channel-tables.js";
