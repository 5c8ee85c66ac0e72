// A setup file of the API test projects: a test whose requests got a REST answer that does not match the OpenAPI
// document fails, naming each (support/answer-check.ts).
import { afterEach, expect } from "vitest";
import { takeMismatches } from "./answer-check.js";

afterEach(() => {
  expect(takeMismatches(), "REST answers that do not match their documented schema (apps/api/openapi)").toEqual([]);
});
