export const AUTH_VERSION = "0.1.0";
