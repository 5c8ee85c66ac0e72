// A tRPC client made by hand with createTRPCClient<AppRouter>, the router's type from
// "@chatbot-gallery/client/router": type-checked with each @trpc release the package supports (README).
import type { AppRouter } from "@chatbot-gallery/client/router";
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";

const client = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: "http://localhost:3000/trpc", headers: { authorization: "Bearer cgt_example" } })],
});

export async function firstTitle(): Promise<string | undefined> {
  try {
    const page = await client.chatbots.list.query({ limit: 1 });
    return page.items[0]?.title;
  } catch (error) {
    if (error instanceof TRPCClientError) return `failed: ${(error as TRPCClientError<AppRouter>).data?.code}`;
    throw error;
  }
}
