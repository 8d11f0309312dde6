export { helloPlugin, type HelloOptions } from "./hello-plugin.js";
export { helloErrors, helloEvents, helloSettings } from "./hello-declarations.js";
