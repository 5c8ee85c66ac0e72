import type { Migration } from "kysely";
import * as initial from "./0001_initial.js";
import * as changeNotifications from "./0002_change_notifications.js";
import * as clickStats from "./0006_click_stats.js";

/** Every migration, in order. Listed by hand so bundling keeps them. */
export const migrations: Record<string, Migration> = {
  "0001_initial": initial,
  "0002_change_notifications": changeNotifications,
  "0006_click_stats": clickStats,
};
