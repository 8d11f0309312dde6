import { randomUUID } from "node:crypto";
import type { Kernel } from "../../kernel/create-kernel.js";
import type { CreateOrderInput } from "./order-operations.js";
import type { Order } from "./orders-context.js";

/** An order input as checkout would compute it: two lines, tax exclusive, 20 % tax. */
export function orderInput(overrides: Partial<CreateOrderInput> = {}): CreateOrderInput {
  return {
    organizationId: "default",
    actor: null,
    cartId: randomUUID(),
    customerId: "customer-1",
    currency: "EUR",
    isTaxInclusive: false,
    paymentMethodId: "manual",
    shippingAddress: { line1: "1 Rue de la Paix", city: "Paris", postalCode: "75002", country: "FR" },
    promotionCodes: ["WELCOME"],
    subtotal: 3000,
    discountTotal: 300,
    taxTotal: 540,
    total: 3240,
    lines: [
      {
        entityId: randomUUID(),
        variantId: null,
        title: "Mug",
        sku: "MUG-1",
        quantity: 2,
        unitPrice: 1000,
        subtotal: 2000,
        discount: 200,
        tax: 360,
        total: 2160,
        taxRateBps: 2000,
      },
      {
        entityId: randomUUID(),
        variantId: randomUUID(),
        title: "Tea",
        sku: null,
        quantity: 1,
        unitPrice: 1000,
        subtotal: 1000,
        discount: 100,
        tax: 180,
        total: 1080,
        taxRateBps: 2000,
      },
    ],
    ...overrides,
  };
}

/** Creates an order the way checkout does: `services.orders.create` inside a transaction of the kernel. */
export function createOrder(kernel: Kernel, overrides: Partial<CreateOrderInput> = {}): Promise<Order> {
  return kernel.database.transaction((trx) => kernel.services.orders.create(orderInput(overrides), { trx }));
}
