export { adminApp, type AdminAppOptions } from "./admin-app.js";
export { contentSecurityPolicy, type ContentSecurityPolicyOptions } from "./content-security-policy.js";
