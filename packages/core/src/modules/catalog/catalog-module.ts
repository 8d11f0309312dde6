import type { PluginManifest } from "../../kernel/plugin.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { catalogMigrations } from "./catalog-migrations.js";
import { catalogEvents } from "./catalog-events.js";
import { createCatalogService } from "./catalog-service.js";
import { archiveFieldDefinitionRoute } from "./routes/archive-field-definition.js";
import { bulkVariantsRoute } from "./routes/bulk-variants.js";
import { changeEntityStatusRoutes } from "./routes/change-entity-status.js";
import { createBrandRoute } from "./routes/create-brand.js";
import { createCategoryRoute } from "./routes/create-category.js";
import { createEntityRoute } from "./routes/create-entity.js";
import { createFieldDefinitionRoute } from "./routes/create-field-definition.js";
import { createOptionTypeRoute } from "./routes/create-option-type.js";
import { createOptionValueRoute } from "./routes/create-option-value.js";
import { createVariantRoute } from "./routes/create-variant.js";
import { decideCustomFieldRoutes } from "./routes/decide-custom-field.js";
import { deleteBrandRoute } from "./routes/delete-brand.js";
import { deleteCategoryRoute } from "./routes/delete-category.js";
import { deleteEntityRoute } from "./routes/delete-entity.js";
import { entityLinkRoutes } from "./routes/entity-links.js";
import { fieldOwnershipRoutes } from "./routes/field-ownership-routes.js";
import { generateVariantsRoute } from "./routes/generate-variants.js";
import { getAttributesRoute } from "./routes/get-attributes.js";
import { getEntityRoute } from "./routes/get-entity.js";
import { listBrandsRoute } from "./routes/list-brands.js";
import { listCategoriesRoute } from "./routes/list-categories.js";
import { listEntitiesRoute } from "./routes/list-entities.js";
import { listFieldDefinitionsRoute } from "./routes/list-field-definitions.js";
import { listProposalsRoute } from "./routes/list-proposals.js";
import { proposeCustomFieldRoute } from "./routes/propose-custom-field.js";
import { putAttributesRoute } from "./routes/put-attributes.js";
import { quickVariantRoute } from "./routes/quick-variant.js";
import { updateVariantRoute } from "./routes/update-variant.js";
import { updateBrandRoute } from "./routes/update-brand.js";
import { updateCategoryRoute } from "./routes/update-category.js";
import { updateEntityRoute } from "./routes/update-entity.js";
import { updateFieldDefinitionRoute } from "./routes/update-field-definition.js";

const ROUTES = [
  listEntitiesRoute,
  getEntityRoute,
  createEntityRoute,
  updateEntityRoute,
  deleteEntityRoute,
  changeEntityStatusRoutes,
  putAttributesRoute,
  getAttributesRoute,
  listCategoriesRoute,
  createCategoryRoute,
  updateCategoryRoute,
  deleteCategoryRoute,
  listBrandsRoute,
  createBrandRoute,
  updateBrandRoute,
  deleteBrandRoute,
  entityLinkRoutes,
  createOptionTypeRoute,
  createOptionValueRoute,
  createVariantRoute,
  generateVariantsRoute,
  quickVariantRoute,
  bulkVariantsRoute,
  updateVariantRoute,
  proposeCustomFieldRoute,
  decideCustomFieldRoutes,
  fieldOwnershipRoutes,
  listProposalsRoute,
  listFieldDefinitionsRoute,
  createFieldDefinitionRoute,
  updateFieldDefinitionRoute,
  archiveFieldDefinitionRoute,
];

/** The catalog: entities and everything that describes them. */
export const catalogModule: PluginManifest = {
  id: "catalog",
  version: CORE_VERSION,
  permissions: [
    { scope: "catalog:create", description: "Create catalog entities" },
    { scope: "catalog:read", description: "Read active catalog entities" },
    { scope: "catalog:read:unpublished", description: "Read draft, archived and discontinued entities" },
    { scope: "catalog:update", description: "Change entities, taxonomy, variants, custom fields" },
    { scope: "catalog:delete", description: "Delete entities, categories and brands" },
    { scope: "catalog:sync", description: "Change what a connected store owns on store-sourced entities" },
  ],
  schema: { migrations: catalogMigrations },
  events: catalogEvents,
  services: (context) => ({ catalog: createCatalogService(context) }),
  routes: (context) => ROUTES.flatMap((route) => route(context)),
};
