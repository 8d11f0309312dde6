export { helloPlugin, type HelloOptions } from "./hello-plugin.js";
