export * from "./admin";
export * from "./chatbot";
export * from "./constants";
export * from "./display";
export * from "./types";
export * from "./user";
