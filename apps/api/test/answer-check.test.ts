// The answer check itself (support/answer-check.ts): an answer that differs from its documented schema, or a status
// the document does not list, is recorded; one that matches is not. On a small app of its own (no database).
import swagger from "@fastify/swagger";
import Fastify from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { swaggerOptions } from "../src/http/docs.js";
import { checkAnswersAgainstDocument, takeMismatches } from "./support/answer-check.js";

const app = Fastify({ logger: false });

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  // As the api: answers are written without a second check (http/index.ts), so only the test hook sees them.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(swagger, swaggerOptions);
  await app.register(
    async (api) => {
      const schema = {
        operationId: "sample",
        summary: "A sample",
        tags: ["chatbots"],
        params: z.object({ answer: z.string() }),
        response: {
          200: z.object({ title: z.string(), count: z.number().int() }),
          404: z.object({ message: z.string() }),
        },
      };
      api.get("/sample/:answer", { schema }, async (request, reply) => {
        const { answer } = request.params as { answer: string };
        if (answer === "good") return { title: "A", count: 1 };
        if (answer === "renamed") return { title: "A", Count: 1 };
        if (answer === "text") return reply.type("application/json").send('{"title":"A","count":"one"}');
        if (answer === "teapot") return reply.status(418 as 404).send({ message: "no" });
        return reply.status(404).send({ message: "Not Found" });
      });
    },
    { prefix: "/api" },
  );
  checkAnswersAgainstDocument(app);
  await app.ready();
});
afterAll(() => app.close());

describe("the answer check", () => {
  it("passes answers that match, a documented error included", async () => {
    await app.inject("/api/sample/good");
    await app.inject("/api/sample/missing");
    expect(takeMismatches()).toEqual([]);
  });

  it("records a key spelt otherwise, a wrong type in JSON text, and an undocumented status", async () => {
    await app.inject("/api/sample/renamed");
    await app.inject("/api/sample/text");
    await app.inject("/api/sample/teapot");
    const found = takeMismatches();
    expect(found).toHaveLength(3);
    expect(found[0]).toMatch(/^GET \/api\/sample\/\{answer\} 200 does not match its document: .*count/);
    expect(found[1]).toMatch(/^GET \/api\/sample\/\{answer\} 200 does not match its document: \/count must be/);
    expect(found[2]).toBe("GET /api/sample/{answer} answered 418, a status its document does not list");
  });
});
