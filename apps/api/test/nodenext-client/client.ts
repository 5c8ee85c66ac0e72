// Type-checked only (`pnpm typecheck` in apps/api): a typed tRPC client in a NodeNext package, with
// the web's transport (FormData through httpLink, the rest batched), calling an upload procedure.
import type { AppRouter } from "@gallery/api/router";
import { createTRPCClient, httpBatchLink, httpLink, isNonJsonSerializable, splitLink } from "@trpc/client";

const url = "http://localhost:3000/trpc";

export const client = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => isNonJsonSerializable(op.input),
      true: httpLink({ url }),
      false: httpBatchLink({ url }),
    }),
  ],
});

export async function createListing(image: Blob) {
  const form = new FormData();
  form.append("title", "Night Owl");
  form.append("tags", "mystery,noir");
  form.append("nsfw", "false");
  form.append("image", image, "bot.png");
  const created = await client.chatbots.create.mutate(form);
  const title: string = created.title;
  const page = await client.chatbots.list.query({ limit: 10 });
  const first: string | undefined = page.items[0]?.user.nickname ?? undefined;
  return { title, first };
}
