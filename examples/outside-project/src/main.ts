// An outside project's script: installs @chatbot-gallery/client from its packed tarball (npm), and type-checks in
// strict NodeNext without skipLibCheck. GALLERY_URL=https://gallery.example GALLERY_TOKEN=cgt_... npm start
import {
  type Credentials,
  createGalleryClient,
  createGalleryRestClient,
  createListingForm,
  type Listing,
  type ListingPage,
} from "@chatbot-gallery/client";
import type { AppRouter } from "@chatbot-gallery/client/router";
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";

const url = process.env.GALLERY_URL;
const token = process.env.GALLERY_TOKEN;
if (!url || !token) throw new Error("Set GALLERY_URL and GALLERY_TOKEN (a write token: dashboard, API tokens)");
const credentials: Credentials = { url, token };

// A 503 with Retry-After (the gallery too busy for a moment) is sent again: here as by default, 2 retries and
// waits of at most 10 s; `retry: false` answers it at once.
const trpc = createGalleryClient(credentials, { retry: { retries: 2, maxWaitSeconds: 10 } });
const rest = createGalleryRestClient(credentials, { retry: false });

const page: ListingPage = await trpc.chatbots.list.query({ limit: 5 });
console.log(`list: ${page.items.length} on the first page`);

const picture = new Blob([Buffer.from(process.env.GALLERY_PICTURE_BASE64 ?? "", "base64")], { type: "image/png" });
const created = await trpc.chatbots.create.mutate(
  createListingForm({ title: "Outside Bot", tags: "outside" }, picture),
);
console.log(`create: "${created.title}"`);

// A tRPC client made by hand, typed by AppRouter over the project's own @trpc/client and @trpc/server.
const own = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: `${url}/trpc`, headers: { authorization: `Bearer ${token}` } })],
});
const read: Listing = await own.chatbots.byId.query({ id: created.id });
console.log(
  `read (own tRPC client): "${read.title}" by ${read.user.id === created.userId ? "me" : "someone"}, tags ${read.tags.join(", ")}`,
);

const deleted = await rest.DELETE("/api/chatbots/{id}", { params: { path: { id: created.id } } });
console.log(`delete (REST): ${deleted.response.status}`);

try {
  await own.chatbots.byId.query({ id: created.id });
} catch (error) {
  if (!(error instanceof TRPCClientError)) throw error;
  console.log(`read again: ${(error as TRPCClientError<AppRouter>).data?.code}`);
}
