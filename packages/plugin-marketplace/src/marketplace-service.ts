import type { MarketplaceContext } from "./marketplace-context.js";
import { createVendorDocumentOperations } from "./vendor-documents.js";
import { createVendorEntityOperations } from "./vendor-entities.js";
import { createVendorMemberOperations } from "./vendor-members.js";
import { createVendorOperations } from "./vendors.js";

/**
 * `services.marketplace`: each change one transaction with its events (`{ trx }` joins the caller's),
 * grouped by what it is about.
 */
export function createMarketplaceService(context: MarketplaceContext) {
  return {
    vendors: createVendorOperations(context),
    members: createVendorMemberOperations(context),
    documents: createVendorDocumentOperations(context),
    entities: createVendorEntityOperations(context),
  };
}

export type MarketplaceService = ReturnType<typeof createMarketplaceService>;
export type { Vendor, CreateVendorInput, UpdateVendorInput, ListVendorsQuery, VendorMove } from "./vendors.js";
export type { VendorMember, VendorKey } from "./vendor-members.js";
export type { VendorDocument, CreateDocumentInput } from "./vendor-documents.js";
export type { VendorEntity } from "./vendor-entities.js";
