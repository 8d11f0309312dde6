// Kernel
export {
  defineConfig,
  type CommerceConfig,
  type AuthConfig,
  type CorsConfig,
  type HttpConfig,
  type JobsConfig,
  type MetricsConfig,
  type RateLimitConfig,
  type RoleMap,
} from "./kernel/config.js";
export {
  defineTask,
  type KernelTask,
  type KernelTaskDefinition,
  type KernelTaskContext,
  type TaskInputs,
  type TaskInput,
  type TaskSchedule,
} from "./kernel/kernel-task.js";
export type { TaskInterval } from "./kernel/task-interval.js";
export { createKernel } from "./create-kernel.js";
export { resolveModules } from "./resolve-modules.js";
export type { Kernel, CreateKernelOptions, Readiness } from "./kernel/create-kernel.js";
export type { Metrics, WebhookDeliveryOutcome } from "./kernel/metrics.js";
export { requestIdMixin } from "./kernel/request-log-context.js";
export {
  definePlugin,
  type Plugin,
  type PluginManifest,
  type PermissionDeclaration,
  type AnalyticsModel,
} from "./kernel/plugin.js";
export type { ApiKeyScope } from "./kernel/api-key-scope.js";
export {
  defineCommand,
  type CommandDeclaration,
  type CommandSpec,
  type CommandContext,
  type CommandKernel,
  type CommandOption,
  type CommandOptions,
  type CommandArgument,
  type CommandValues,
} from "./kernel/cli-command.js";
export type {
  AnalyticsMeasure,
  AnalyticsDimension,
  AnalyticsJoin,
  AnalyticsColumn,
  AnalyticsGranularity,
  AnalyticsMeasureType,
  AnalyticsDimensionType,
} from "./kernel/analytics-model.js";
export type { ServiceContext, RouteContext, RouteAuthContext } from "./kernel/contexts.js";
export type { Services } from "./kernel/services.js";
export type { Logger } from "./kernel/logger.js";
export type { DatabaseAccess } from "./kernel/database-access.js";
export {
  defineHook,
  type HookPayloads,
  type HookKey,
  type BeforeHookKey,
  type AfterHookKey,
  type HookContext,
  type BeforeHookContext,
  type HookHandler,
  type BeforeHookHandler,
  type AfterHookHandler,
  type HookRegistration,
  type HookRunner,
} from "./kernel/hook-runner.js";
export { createHookRunner, type HookRunnerOptions } from "./kernel/create-hook-runner.js";
export { inTransaction, inTransactionWithHookErrors, type TxOptions } from "./kernel/transaction.js";
export type { AfterCommitTask, HookError, WithHookErrors } from "./kernel/after-commit.js";
export type { DomainEvent, EmitInput, EventBus, EventSubscriber } from "./kernel/event-bus.js";
export { createEventBus } from "./kernel/create-event-bus.js";
export { accountableActor, type Actor, type ActorResolver } from "./kernel/actor.js";
// The customer a signed-in session acts as (its profile, else its user id: what orders store as `customerId`).
export { sessionCustomerOf } from "./modules/customers/index.js";
export type { MemberCredentials, MemberInfo, MintedMemberKey } from "./kernel/member-credentials.js";
export type { Authenticator, RequestGuard } from "./kernel/authenticator.js";
export { hasPermission, permissionCovers, isPermissionString } from "./kernel/permissions.js";
export { AppError, isAppError, type AppErrorOptions, type FieldIssue } from "./kernel/app-error.js";
export {
  defineErrors,
  GENERIC_ERROR_CODES,
  type ErrorCode,
  type ErrorCodes,
  type ErrorCodesOf,
  type ErrorDefinition,
  type ErrorTable,
} from "./kernel/error-codes.js";
export {
  defineErrorReasons,
  type ErrorReasonDefinition,
  type ErrorReasons,
  type ErrorReasonTable,
} from "./kernel/error-reasons.js";
// A built-in module's own failure codes (in `details.reason`), for plugins that map them exactly.
export { inventoryErrorReasons } from "./modules/inventory/index.js";
export {
  defineEvents,
  type DomainEvents,
  type DomainEventPayload,
  type EventName,
  type EventDeclaration,
  type EventDeclarations,
  type EventPayloadsOf,
} from "./kernel/domain-events.js";
export {
  defineSettingsGroups,
  type SettingsGroups,
  type SettingsGroupsOf,
  type SettingsGroupSchema,
  type SettingsGroupDeclarations,
  type SettingsGroupValue,
} from "./kernel/settings-groups.js";
export type { Registries } from "./kernel/registries.js";
export { CORE_VERSION } from "./kernel/version.js";

// Built-in modules: the types of their services (each registers itself in `Services`), the adapter
// contracts and configuration sections they add to `CommerceConfig`.
export type { CatalogService } from "./modules/catalog/index.js";
export type { CatalogConfig } from "./modules/catalog/index.js";
export type { CatalogEntity } from "./modules/catalog/index.js";
// Also what brings the module's `Services` augmentation into the published types (the CLI's `uc catalog import`).
export type { CatalogImportService, RunImportOptions } from "./modules/catalog-import/index.js";
export type { CatalogImport } from "./modules/catalog-import/index.js";
export type { CreateEntityInput, UpdateEntityInput } from "./modules/catalog/index.js";
export type { CatalogInclude, CatalogIncludeContext } from "./modules/catalog/index.js";
export type { VariantsCreated } from "./modules/catalog/index.js";
export type { InventoryService } from "./modules/inventory/index.js";
export type { Reservation, ReserveInput } from "./modules/inventory/index.js";
export type { MediaService, MediaAsset, CreateAssetInput } from "./modules/media/index.js";
export type { MediaConfig } from "./modules/media/index.js";
export { localDiskStorage, type MediaStorage } from "./modules/media/index.js";
export type { SearchService } from "./modules/search/index.js";
export type { SearchConfig } from "./modules/search/index.js";
export type {
  SearchAdapter,
  SearchAdapterFactory,
  SearchQuery,
  SearchResult,
  SearchFilters,
  SearchHit,
  SearchSource,
  SuggestQuery,
  Suggestion,
  FacetCounts,
} from "./modules/search/index.js";
export { postgresSearch } from "./modules/search/index.js";
export type { PricingService, EntityPricing } from "./modules/pricing/index.js";
export type { PromotionsService } from "./modules/promotions/index.js";
export type { TaxService } from "./modules/tax/index.js";
export type { TaxConfig, RegionRate } from "./modules/tax/index.js";
export type {
  ShippingService,
  ShippingConfig,
  ShippingRate,
  ShippingRateProvider,
  ShippingRateRequest,
  ShippingCallContext,
  FulfillmentProvider,
  CreateShipmentInput,
  CreatedShipment,
  TrackingEvent,
  TrackingStatus,
  TrackingWebhookDelivery,
  ShippingAddress,
  ShippingMethod,
  ShippingQuote,
} from "./modules/shipping/index.js";
export type { AnalyticsQueryService } from "./modules/analytics/index.js";
export type { AnalyticsConfig } from "./modules/analytics/index.js";
export type {
  AnalyticsQueryInput,
  AnalyticsRow,
  AnalyticsQueryMeta,
  AnalyticsModelInfo,
} from "./modules/analytics/index.js";
export type {
  OrdersService,
  Order,
  OrderLine,
  OrderStatus,
  CreateOrderInput,
  CreateOrderLineInput,
} from "./modules/orders/index.js";
export type { InvoiceDocument, Seller, TaxLine, EmailInvoiceInput } from "./modules/orders/index.js";
export type {
  Fulfillment,
  CreateFulfillmentBody,
  Refund,
  CreateRefundBody,
  RefundCapStatus,
} from "./modules/orders/index.js";
export type { MailConfig } from "./modules/orders/index.js";
export { createLogMailer, type Mailer, type MailMessage, type MailAttachment } from "./modules/orders/index.js";
export type {
  PaymentsService,
  PaymentIntent,
  PaymentIntentAnswer,
  PaymentSummary,
  ReadIntentInput,
  RecordIntentInput,
  RefundPaymentInput,
  WebhookReceipt,
  WebhookOutcome,
} from "./modules/payments/index.js";
export type { PaymentsConfig } from "./modules/payments/index.js";
export type { CartsService } from "./modules/carts/index.js";
export type { CartsConfig } from "./modules/carts/index.js";
export type { CartsSettings } from "./modules/carts/index.js";
export type { Cart, CartView, PriceChange } from "./modules/carts/index.js";
export type { CartQuote, QuotedLine, QuoteInput } from "./modules/carts/index.js";
export type { SaleItem, SaleItemRef } from "./modules/catalog/index.js";
export type { CheckoutService, CheckoutDraft, PlacedOrder } from "./modules/checkout/index.js";
export type { PlaceOrderInput } from "./modules/checkout/index.js";
export type { CheckoutFailureReason } from "./modules/checkout/index.js";
export type {
  MeService,
  MyProfile,
  OrderTracking,
  OrderDownload,
  Reorder,
  ReorderSkipReason,
  SkippedLine,
} from "./modules/me/index.js";
export type { McpService, CheckoutOnceInput } from "./modules/mcp/index.js";
export { DOWNLOADABLE_STATUSES } from "./modules/me/index.js";
export { DOWNLOAD_ROLE, DEFAULT_PUBLIC_MEDIA_ROLES } from "./modules/media/index.js";
export {
  PaymentWebhookRejected,
  type PaymentAdapter,
  type CreateIntentInput,
  type PaymentStatus,
  type PaymentIntentResult,
  type CaptureInput,
  type RefundInput,
  type PaymentOperationResult,
  type PaymentWebhookDelivery,
  type PaymentWebhookAction,
  type PaymentWebhookEvent,
} from "./modules/payments/index.js";
export { manualAdapter } from "./modules/payments/index.js";
export {
  testCarrierAdapter,
  type TestCarrierAdapter,
  type TestCarrierAdapterOptions,
} from "./modules/shipping/index.js";
export { cardAdapter, type CardAdapterOptions } from "./modules/payments/index.js";
export {
  signCardWebhook,
  verifyCardSignature,
  CARD_SIGNATURE_HEADER,
  CARD_SIGNATURE_TOLERANCE_SECONDS,
} from "./modules/payments/index.js";
export type { SettingsService } from "./modules/settings/index.js";
export type {
  CustomersService,
  Customer,
  CustomerAddress,
  CustomerGroup,
  CreateCustomerInput,
  UpdateCustomerInput,
  SelfProfilePatch,
  ListCustomersQuery,
  ProfileSeed,
  CustomerAddressInput,
  CustomerAddressPatch,
  CustomerGroupInput,
  CustomerGroupPatch,
  MemberCreatedPayload,
} from "./modules/customers/index.js";
export {
  selfProfilePatchInput,
  customerAddressInput,
  customerAddressPatchInput,
  customerSchema,
  customerAddressSchema,
  customerGroupSchema,
  MAX_ADDRESSES_PER_CUSTOMER,
} from "./modules/customers/index.js";
export type { JobsService, JobRunSummary } from "./modules/jobs/index.js";
export type {
  WebhookService,
  WebhookEndpoint,
  WebhookDelivery,
  CreateEndpointInput,
} from "./modules/webhooks/index.js";
export type { WebhookOptions } from "./modules/webhooks/index.js";
export {
  createOutboundClient,
  OutboundError,
  isOutboundError,
  specialRangeOf,
  refusalReason,
  systemResolver,
  type OutboundClient,
  type OutboundOptions,
  type OutboundRequestInit,
  type OutboundResponse,
  type CreateOutboundClientInput,
  type OutboundErrorCode,
  type SpecialRange,
  type AddressCategory,
  type TargetPolicy,
  type HostResolver,
} from "./http/outbound/index.js";
export type { AuditService, AuditEntry, AuditFilters } from "./modules/audit/index.js";

// Database
export { createDatabase, type Database, type Listen } from "./db/create-database.js";
export type { DatabaseConfig } from "./db/database-config.js";
export type { MigrationDb, NamedMigration } from "./db/migration.js";
export { runMigrations, type MigrationSequence, type MigrationReport } from "./db/run-migrations.js";
export { tenantScope, type TenantScope, type TenantTable, type TenantInsert } from "./db/tenant-scope.js";
export type { CoreTables, Timestamp, Json } from "./db/core-tables.js";
export type { TableOf } from "./db/table-of.js";
export { takeWithinWindow, type WindowLimit, type WindowedRows, type WindowedTake } from "./db/windowed-limit.js";

// HTTP
export { router, type Router, type RouteBuilder, type RouteDoc, type PathParams } from "./http/router.js";
export type {
  RouteRegistration,
  HandlerContext,
  RouteResult,
  HttpMethod,
  DocumentedHeader,
  ErrorAnswer,
  ErrorAnswerFormat,
  RoutePrecondition,
} from "./http/route-registration.js";
export { JsonText, jsonEnvelope } from "./http/json-text.js";
export { withHookErrors, type AnswerWithHookErrors } from "./http/with-hook-errors.js";
export { commerceApi, type CommerceApiOptions } from "./http/commerce-api.js";
export { createCommerceServer, type CreateServerOptions } from "./http/create-server.js";
export { isMetricsAuthorized, resolveMetricsRoute } from "./http/metrics-route.js";
export { commerceClientErrorHandler, commerceFrameworkErrors } from "./http/framework-errors.js";
export { findUnsafeInput, MAX_INPUT_DEPTH } from "./http/unsafe-input.js";
export {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  MAX_IDEMPOTENCY_KEY_LENGTH,
} from "./http/idempotency/idempotency-key.js";
export { IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_CLAIM_TIMEOUT_MS } from "./http/idempotency/idempotency-store.js";
export {
  cursorPaginationSchema,
  paginationQuery,
  paginationSchema,
  paginate,
  pageOffset,
  type Pagination,
  type PaginationQuery,
} from "./http/pagination.js";
export { encodeListCursor, listCursorQuery, MAX_LIST_CURSOR_LENGTH } from "./http/list-cursor.js";
export { toAppError, errorBody, type ErrorBody } from "./http/error-response.js";
