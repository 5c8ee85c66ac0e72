// Lists, creates (with a picture), edits, reads and deletes a listing, with tRPC and REST, and prints what it did.
// GALLERY_URL=https://gallery.example GALLERY_TOKEN=cgt_... node dist/main.js (or GALLERY_COOKIE="sid=...").
import {
  type Credentials,
  createGalleryClient,
  createGalleryRestClient,
  createListingForm,
} from "@chatbot-gallery/client";
import { picture } from "./picture.js";

function credentials(): Credentials {
  const url = process.env.GALLERY_URL;
  const { GALLERY_TOKEN: token, GALLERY_COOKIE: cookie } = process.env;
  if (!url || !(token || cookie)) throw new Error("Set GALLERY_URL and GALLERY_TOKEN (or GALLERY_COOKIE)");
  return token ? { url, token } : { url, cookie: cookie as string };
}

const trpc = createGalleryClient(credentials());
const rest = createGalleryRestClient(credentials());

const page = await trpc.chatbots.list.query({ limit: 5 });
console.log(`list (tRPC chatbots.list): ${page.items.length} on the first page`);

const created = await trpc.chatbots.create.mutate(
  createListingForm({ title: "Script Bot", tagline: "Made from a script", tags: "example,script" }, picture),
);
console.log(`create (tRPC chatbots.create, FormData): "${created.title}" with a picture: ${created.imageUrl !== null}`);

const edited = await rest.PUT("/api/chatbots/{id}", {
  params: { path: { id: created.id } },
  body: { tagline: "Edited over REST" },
  // The call takes multipart/form-data (it may carry a new picture).
  bodySerializer: (body) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(body)) if (typeof value === "string") form.append(name, value);
    return form;
  },
});
if (!edited.data) throw new Error(`edit failed: ${edited.response.status}`);
console.log(`edit (REST PUT /api/chatbots/{id}): tagline "${edited.data.tagline}"`);

const read = await rest.GET("/api/chatbots/{id}", { params: { path: { id: created.id } } });
if (!read.data) throw new Error(`read failed: ${read.response.status}`);
console.log(
  `read (REST GET /api/chatbots/{id}): "${read.data.title}", "${read.data.tagline}", tags ${read.data.tags.join(", ")}`,
);

const deleted = await rest.DELETE("/api/chatbots/{id}", { params: { path: { id: created.id } } });
console.log(`delete (REST DELETE /api/chatbots/{id}): ${deleted.response.status}`);

const gone = await rest.GET("/api/chatbots/{id}", { params: { path: { id: created.id } } });
console.log(`read again: ${gone.response.status}`);
