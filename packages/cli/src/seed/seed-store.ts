import type { Actor, Kernel } from "@unified-commerce/core";
import type { ProgressBar } from "../progress-bar.js";
import { DEMO_CATEGORIES, demoProducts, variantCombinations } from "./demo-catalog.js";

export interface SeedInput {
  organizationId: string;
  products: number;
  orders: number;
  currency: string;
  customer: { email: string; password: string };
  /** A store owner who signs in to the admin at /admin; omitted when the configuration has no `owner` role. */
  owner?: { email: string; password: string };
  actor: Actor;
}

export interface SeedSummary {
  organizationId: string;
  warehouseId: string;
  categories: number;
  products: number;
  variants: number;
  customer: { id: string; email: string };
  owner: { id: string; email: string } | null;
  orders: { id: string; number: string; total: number }[];
}

/** Units of each variant (or product without variants) put in stock. */
const STOCK_PER_ITEM = 25;

/** Steps `seedStore` reports to its progress bar: categories, products, the customer, orders. */
export function seedSteps(input: Pick<SeedInput, "products" | "orders">): number {
  return DEMO_CATEGORIES.length + input.products + 1 + input.orders;
}

/**
 * A demo store through the services, as the API would build it: categories, published products with
 * variants, prices and stock in one warehouse, a customer (a user with role `customer`), an owner for the
 * admin (role `owner`, when asked), and orders placed by the real checkout (priced, taxed, stock taken, payment intent recorded).
 */
export async function seedStore(kernel: Kernel, input: SeedInput, bar: ProgressBar): Promise<SeedSummary> {
  const { services } = kernel;
  const { organizationId, actor, currency } = input;
  const warehouses = await services.inventory.listWarehouses(organizationId, { page: 1, limit: 100 });
  const warehouse =
    warehouses.items.find((item) => item.code === "main") ??
    (await services.inventory.createWarehouse(organizationId, { name: "Main warehouse", code: "main" }));

  const categoryIds = new Map<string, string>();
  for (const category of DEMO_CATEGORIES) {
    const created = await services.catalog.createCategory(organizationId, {
      name: category.name,
      slug: category.slug,
      description: category.description,
    });
    categoryIds.set(category.slug, created.id);
    bar.tick(`category ${category.name}`);
  }

  /** What a cart line can name: a product, or one of its variants. */
  const sellable: { entityId: string; variantId: string | null; price: number }[] = [];
  let variants = 0;
  for (const product of demoProducts(input.products)) {
    const { result: entity } = await services.catalog.createEntity(
      organizationId,
      {
        type: "product",
        slug: product.slug,
        status: "active",
        attributes: { en: { title: product.title, description: product.description } },
      },
      actor,
    );
    await services.catalog.attachCategory(
      organizationId,
      entity.id,
      categoryIds.get(product.categorySlug) as string,
      actor,
    );
    await services.pricing.upsertPrice(organizationId, { entityId: entity.id, currency, amount: product.price }, actor);
    const combinations = variantCombinations(product.options);
    if (combinations.length === 0) {
      await services.inventory.adjust(
        organizationId,
        { entityId: entity.id, warehouseId: warehouse.id, type: "restock", quantity: STOCK_PER_ITEM },
        actor,
      );
      sellable.push({ entityId: entity.id, variantId: null, price: product.price });
    }
    for (const [position, options] of combinations.entries()) {
      const { variant } = await services.catalog.quickVariant(
        organizationId,
        entity.id,
        { options, sku: `${product.slug}-${position + 1}`, warehouseId: warehouse.id },
        actor,
      );
      const price = product.price + position * 200;
      await services.pricing.upsertPrice(
        organizationId,
        { entityId: entity.id, variantId: variant.id, currency, amount: price },
        actor,
      );
      await services.inventory.adjust(
        organizationId,
        {
          entityId: entity.id,
          variantId: variant.id,
          warehouseId: warehouse.id,
          type: "restock",
          quantity: STOCK_PER_ITEM,
        },
        actor,
      );
      sellable.push({ entityId: entity.id, variantId: variant.id, price });
      variants++;
    }
    bar.tick(`product ${product.title}`);
  }

  const customer = await services.auth.createUser({
    email: input.customer.email,
    password: input.customer.password,
    name: "Demo Customer",
    role: "customer",
    organizationId,
  });
  bar.tick("customer");
  const owner = input.owner
    ? await services.auth.createUser({ ...input.owner, name: "Store Owner", role: "owner", organizationId })
    : null;

  const orders: SeedSummary["orders"] = [];
  for (let index = 0; index < input.orders; index++) {
    const { cart, cartToken } = await services.carts.create({
      organizationId,
      caller: { actor },
      body: { currency, customerId: customer.id },
    });
    // Two or three different items per order, walking the catalog so orders differ.
    for (let line = 0; line < 2 + (index % 2); line++) {
      const item = sellable[(index * 7 + line * 3) % sellable.length];
      if (!item) break;
      await services.carts.addItem(
        { organizationId, cartId: cart.id, actor, cartToken },
        { entityId: item.entityId, variantId: item.variantId, quantity: 1 + (line % 2) },
      );
    }
    const { result: placed } = await services.checkout.checkout({
      organizationId,
      actor,
      cartToken,
      body: { cartId: cart.id, paymentMethodId: "manual", currency, customerId: customer.id },
    });
    orders.push({ id: placed.id, number: placed.number, total: placed.total });
    bar.tick(`order ${placed.number}`);
  }

  return {
    organizationId,
    warehouseId: warehouse.id,
    categories: DEMO_CATEGORIES.length,
    products: input.products,
    variants,
    customer: { id: customer.id, email: customer.email },
    owner: owner ? { id: owner.id, email: owner.email } : null,
    orders,
  };
}
