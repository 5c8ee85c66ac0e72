import type { FastifyInstance } from "fastify";

export async function chatbotsRoutes(_app: FastifyInstance): Promise<void> {}
