import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/core";
import { emailSchema } from "../auth-schemas.js";
import { memberSchema, roleSchema } from "./member-schemas.js";

const body = z.object({ email: emailSchema, role: roleSchema });

export const addMember = ({ services }: RouteContext) =>
  router("Members", "/auth")
    .post("/organization/members", {
      summary: "Add an existing user to the organization",
      description:
        "Finds the user by e-mail (case-insensitive; 404 `USER_NOT_FOUND` when nobody has it) and makes them a member with `role`, a configured role (422 otherwise) whose every permission the caller holds (403 otherwise). 409 `ALREADY_MEMBER` when they already are.",
    })
    .permission("members:manage")
    .input(body)
    .output(memberSchema)
    .status(201)
    .handler(async ({ input, actor, organizationId }) => ({
      data: await services.memberships.add({ organizationId, email: input.email, role: input.role, actor }),
    }))
    .build();
