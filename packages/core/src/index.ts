// Kernel
export {
  defineConfig,
  type CommerceConfig,
  type AuthConfig,
  type DatabaseConfig,
  type HttpConfig,
  type JobsConfig,
  type MetricsConfig,
  type RateLimitConfig,
  type RoleMap,
} from "./kernel/config.js";
export { defineTask, type KernelTask, type KernelTaskDefinition, type KernelTaskContext, type TaskInputs, type TaskInput } from "./kernel/kernel-task.js";
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
  type NamedMigration,
  type ApiKeyScope,
  type AnalyticsModel,
  type MigrationDb,
} from "./kernel/plugin.js";
export type {
  AnalyticsMeasure,
  AnalyticsDimension,
  AnalyticsJoin,
  AnalyticsColumn,
  AnalyticsGranularity,
  AnalyticsMeasureType,
  AnalyticsDimensionType,
} from "./kernel/analytics-model.js";
export type { Services, ServiceContext, RouteContext, RouteAuthContext, DatabaseAccess, Logger } from "./kernel/contexts.js";
export {
  defineHook,
  createHookRunner,
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
  type HookError,
  type HookRunner,
  type HookRunnerOptions,
} from "./kernel/hook-runner.js";
export { inTransaction, inTransactionWithHookErrors, type TxOptions } from "./kernel/transaction.js";
export type { AfterCommitTask, WithHookErrors } from "./kernel/transaction-runner.js";
export { createEventBus, type DomainEvent, type EmitInput, type EventBus, type EventSubscriber } from "./kernel/event-bus.js";
export { accountableActor, type Actor, type ActorResolver } from "./kernel/actor.js";
// The customer a signed-in session acts as (its profile, else its user id: what orders store as `customerId`).
export { sessionCustomerOf } from "./modules/carts/cart-access.js";
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
export type { CatalogService } from "./modules/catalog/catalog-service.js";
export type { CatalogConfig } from "./modules/catalog/catalog-config.js";
export type { CatalogEntity } from "./modules/catalog/entity-output.js";
// Also what brings the module's `Services` augmentation into the published types (the CLI's `uc catalog import`).
export type { CatalogImportService, RunImportOptions } from "./modules/catalog-import/catalog-import-service.js";
export type { CatalogImport } from "./modules/catalog-import/catalog-import-schemas.js";
export type { CreateEntityInput, UpdateEntityInput } from "./modules/catalog/entity-operations.js";
export type { CatalogInclude, CatalogIncludeContext } from "./modules/catalog/include-registry.js";
export type { VariantsCreated } from "./modules/catalog/variant-listeners.js";
export type { InventoryService } from "./modules/inventory/inventory-service.js";
export type { Reservation, ReserveInput } from "./modules/inventory/reservation-operations.js";
export type { MediaService, MediaAsset, CreateAssetInput } from "./modules/media/media-service.js";
export type { MediaConfig } from "./modules/media/media-config.js";
export { localDiskStorage, type MediaStorage } from "./modules/media/media-storage.js";
export type { SearchService } from "./modules/search/search-service.js";
export type { SearchConfig } from "./modules/search/search-config.js";
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
} from "./modules/search/search-adapter.js";
export { postgresSearch } from "./modules/search/postgres-search-adapter.js";
export type { PricingService, EntityPricing } from "./modules/pricing/pricing-service.js";
export type { PromotionsService } from "./modules/promotions/promotions-service.js";
export type { TaxService } from "./modules/tax/tax-service.js";
export type { TaxConfig, RegionRate } from "./modules/tax/tax-config.js";
export type { AnalyticsQueryService } from "./modules/analytics/query/analytics-query-service.js";
export type { AnalyticsConfig } from "./modules/analytics/analytics-config.js";
export type { AnalyticsQueryInput, AnalyticsRow, AnalyticsQueryMeta, AnalyticsModelInfo } from "./modules/analytics/query/analytics-query-schemas.js";
export type { OrdersService, Order, OrderLine, OrderStatus, CreateOrderInput, CreateOrderLineInput } from "./modules/orders/orders-service.js";
export type { InvoiceDocument, Seller, TaxLine, EmailInvoiceInput } from "./modules/orders/orders-service.js";
export type { Fulfillment, CreateFulfillmentBody, Refund, CreateRefundBody, RefundCapStatus } from "./modules/orders/orders-service.js";
export type { MailConfig } from "./modules/orders/mail-config.js";
export { createLogMailer, type Mailer, type MailMessage, type MailAttachment } from "./modules/orders/mailer.js";
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
} from "./modules/payments/payments-service.js";
export type { PaymentsConfig } from "./modules/payments/payments-config.js";
export type { CartsService } from "./modules/carts/carts-service.js";
export type { CartsConfig } from "./modules/carts/carts-config.js";
export type { CartsSettings } from "./modules/carts/carts-settings.js";
export type { Cart, CartView, PriceChange } from "./modules/carts/cart-view.js";
export type { CartQuote, QuotedLine, QuoteInput } from "./modules/carts/cart-quote.js";
export type { SaleItem, SaleItemRef } from "./modules/catalog/sale-items.js";
export type { CheckoutService, CheckoutDraft, PlacedOrder } from "./modules/checkout/checkout-service.js";
export type { PlaceOrderInput } from "./modules/checkout/place-order.js";
export type { CheckoutFailureReason } from "./modules/checkout/checkout-errors.js";
export type { MeService, MyProfile, OrderTracking, OrderDownload, Reorder, ReorderSkipReason, SkippedLine } from "./modules/me/me-service.js";
export type { McpService, CheckoutOnceInput } from "./modules/mcp/mcp-service.js";
export { DOWNLOADABLE_STATUSES } from "./modules/me/me-downloads.js";
export { DOWNLOAD_ROLE, DEFAULT_PUBLIC_MEDIA_ROLES } from "./modules/media/media-visibility.js";
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
} from "./modules/payments/payment-adapter.js";
export { manualAdapter } from "./modules/payments/manual-adapter.js";
export { cardAdapter, type CardAdapterOptions } from "./modules/payments/card-adapter.js";
export { signCardWebhook, verifyCardSignature, CARD_SIGNATURE_HEADER, CARD_SIGNATURE_TOLERANCE_SECONDS } from "./modules/payments/card-signature.js";
export type { SettingsService } from "./modules/settings/settings-service.js";
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
} from "./modules/customers/customers-service.js";
export {
  selfProfilePatchInput,
  customerAddressInput,
  customerAddressPatchInput,
  customerSchema,
  customerAddressSchema,
  customerGroupSchema,
  MAX_ADDRESSES_PER_CUSTOMER,
} from "./modules/customers/customers-schemas.js";
export type { JobsService, JobRunSummary } from "./modules/jobs/jobs-service.js";
export type { WebhookService, WebhookEndpoint, WebhookDelivery, CreateEndpointInput } from "./modules/webhooks/webhook-service.js";
export type { WebhookOptions } from "./modules/webhooks/webhooks-config.js";
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
export type { AuditService, AuditEntry, AuditFilters } from "./modules/audit/audit-service.js";

// Database
export { createDatabase, type Database, type Listen } from "./db/create-database.js";
export { runMigrations, type MigrationSequence, type MigrationReport } from "./db/run-migrations.js";
export { tenantScope, type TenantScope, type TenantTable, type TenantInsert } from "./db/tenant-scope.js";
export type { CoreTables, Timestamp, Json } from "./db/core-tables.js";
export type { TableOf } from "./db/table-of.js";
export { takeWithinWindow, type WindowLimit, type WindowedRows, type WindowedTake } from "./db/windowed-limit.js";

// HTTP
export { router, type Router, type RouteBuilder, type RouteDoc, type PathParams } from "./http/router.js";
export type { RouteRegistration, HandlerContext, RouteResult, HttpMethod, DocumentedHeader, ErrorAnswer, ErrorAnswerFormat, RoutePrecondition } from "./http/route-registration.js";
export { JsonText, jsonEnvelope } from "./http/json-text.js";
export { withHookErrors, type AnswerWithHookErrors } from "./http/with-hook-errors.js";
export { commerceApi, type CommerceApiOptions } from "./http/commerce-api.js";
export { createCommerceServer, type CreateServerOptions } from "./http/create-server.js";
export { isMetricsAuthorized, resolveMetricsRoute } from "./http/metrics-route.js";
export { commerceClientErrorHandler, commerceFrameworkErrors } from "./http/framework-errors.js";
export { findUnsafeInput, MAX_INPUT_DEPTH } from "./http/unsafe-input.js";
export { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH } from "./http/idempotency/idempotency-key.js";
export { IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_CLAIM_TIMEOUT_MS } from "./http/idempotency/idempotency-store.js";
export { cursorPaginationSchema, paginationQuery, paginationSchema, paginate, pageOffset, type Pagination, type PaginationQuery } from "./http/pagination.js";
export { encodeListCursor, listCursorQuery, MAX_LIST_CURSOR_LENGTH } from "./http/list-cursor.js";
export { toAppError, errorBody, type ErrorBody } from "./http/error-response.js";
