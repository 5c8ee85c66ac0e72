// What router-types.ts writes out as plain declarations: the api's router and the upload forms' fields.
import type { AppRouter } from "@gallery/api/router";
import type { chatbotCreateFormSchema, chatbotUpdateFormSchema, idSchema } from "@gallery/schema";
import type { z } from "zod";

export type Router = AppRouter;
export type CreateListingFields = z.input<typeof chatbotCreateFormSchema>;
export type UpdateListingFields = z.input<typeof chatbotUpdateFormSchema> & { id: z.input<typeof idSchema> };
