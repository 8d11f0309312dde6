import type { z } from "zod";
import type { Actor } from "../../kernel/actor.js";
import { isAppError } from "../../kernel/app-error.js";
import type { DatabaseAccess, Services } from "../../kernel/contexts.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import type { Customer, CustomerAddress, CustomerAddressInput, SelfProfilePatch } from "../customers/index.js";
import { customerOf } from "./me-customer.js";
import type { myProfileSchema } from "./me-schemas.js";

/** The profile as its owner sees it: everything but staff's `metadata`. */
export type MyProfile = z.output<typeof myProfileSchema>;

const toMyProfile = ({ metadata: _staffOnly, ...profile }: Customer): MyProfile => profile;

/**
 * The signed-in customer's own profile and addresses, through the customers service, always for the
 * session's customer id. A person who signed up before the customers module existed has no profile yet:
 * the first `/api/me` profile or address request makes it (`ensureProfile`, from the session's e-mail).
 * A session that carries no e-mail cannot be given one, and answers 404 until staff create it.
 */
export function createMyProfile({ database, services }: { database: DatabaseAccess; services: Services }) {
  /** Makes the session's profile when missing, in `trx`; a no-op (one `on conflict do nothing`) otherwise. */
  const ensure = async (organizationId: string, actor: Actor, options: Required<TxOptions>): Promise<void> => {
    const customerId = customerOf(actor);
    // Only an account's own id can be made into a profile: a `customerId` the authenticator named is a
    // profile staff made, which this must not create under a user's e-mail.
    if (actor.email === undefined || customerId !== actor.id) return;
    await services.customers.ensureProfile(organizationId, customerId, { email: actor.email }, actor, options);
  };

  /** Reads the profile, making it first when it is missing and can be made. */
  const readOwn = async <T>(
    organizationId: string,
    actor: Actor,
    read: (customerId: string) => Promise<T>,
  ): Promise<T> => {
    const customerId = customerOf(actor);
    try {
      return await read(customerId);
    } catch (error) {
      // Reads run on the pool, outside any transaction, so a 404 here leaves nothing to roll back.
      if (!isAppError(error) || error.code !== "NOT_FOUND" || actor.email === undefined || customerId !== actor.id)
        throw error;
      await inTransaction(database, undefined, (trx) => ensure(organizationId, actor, { trx }));
      return read(customerId);
    }
  };

  return {
    /** The caller's profile. */
    getProfile: (organizationId: string, actor: Actor): Promise<MyProfile> =>
      readOwn(organizationId, actor, async (customerId) =>
        toMyProfile(await services.customers.get(organizationId, customerId)),
      ),

    /** Changes the caller's name, phone or marketing consent (`selfProfilePatchInput`); emits `customers.update`. */
    updateProfile: (
      organizationId: string,
      actor: Actor,
      patch: SelfProfilePatch,
      options?: TxOptions,
    ): Promise<MyProfile> =>
      inTransaction(database, options, async (trx) => {
        await ensure(organizationId, actor, { trx });
        return toMyProfile(await services.customers.update(organizationId, customerOf(actor), patch, actor, { trx }));
      }),

    /** The caller's saved addresses, oldest first. */
    listAddresses: (organizationId: string, actor: Actor): Promise<CustomerAddress[]> =>
      readOwn(organizationId, actor, (customerId) => services.customers.listAddresses(organizationId, customerId)),

    /** Saves an address for the caller (at most 50; 422 beyond, nothing written); emits `customers.update`. */
    addAddress: (
      organizationId: string,
      actor: Actor,
      input: CustomerAddressInput,
      options?: TxOptions,
    ): Promise<CustomerAddress> =>
      inTransaction(database, options, async (trx) => {
        await ensure(organizationId, actor, { trx });
        return services.customers.addAddress(organizationId, customerOf(actor), input, actor, { trx });
      }),

    /** Deletes one of the caller's addresses and answers it; another customer's is a 404 like a missing one. */
    removeAddress: (
      organizationId: string,
      actor: Actor,
      addressId: string,
      options?: TxOptions,
    ): Promise<CustomerAddress> =>
      services.customers.removeAddress(organizationId, customerOf(actor), addressId, actor, options),
  };
}
