import { z } from "zod";
import { RAIL_SIZE, RAIL_SORTS } from "./rails.js";
import { listedChatbotSchema } from "./types.js";

/** One discovery rail as the api answers it (chatbots.rails): which rail, and its listings, none shown by a rail before it. */
export const discoveryRailSchema = z
  .object({ id: z.enum(RAIL_SORTS), items: z.array(listedChatbotSchema).max(RAIL_SIZE) })
  .meta({ id: "DiscoveryRail" });
export const discoveryRailsSchema = z.array(discoveryRailSchema);
export type DiscoveryRail = z.infer<typeof discoveryRailSchema>;
