export * from "./admin.js";
export * from "./auth.js";
export * from "./chatbot.js";
export * from "./constants.js";
export * from "./display.js";
export * from "./stats.js";
export * from "./types.js";
export * from "./user.js";
