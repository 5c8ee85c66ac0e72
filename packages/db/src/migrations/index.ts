import type { Migration } from "kysely";
import * as initial from "./0001_initial.js";
import * as changeNotifications from "./0002_change_notifications.js";
import * as rateLimits from "./0003_rate_limits.js";
import * as maintenanceJobs from "./0004_maintenance_jobs.js";
import * as listingText from "./0005_listing_text.js";
import * as clickStats from "./0006_click_stats.js";
import * as favoritesFollows from "./0007_favorites_follows.js";
import * as safetySettings from "./0008_safety_settings.js";
import * as storedReadShape from "./0009_stored_read_shape.js";
import * as changeKinds from "./0010_change_kinds.js";
import * as storedReadShape0011 from "./0011_stored_read_shape_triggers.js";
import * as auditLog from "./0012_audit_log.js";
import * as reports from "./0013_reports.js";
import * as verifiedCreators from "./0014_verified_creators.js";
import * as ageAndEmail from "./0015_age_and_email.js";
import * as storedReadShape0016 from "./0016_stored_read_shape_triggers.js";
import * as cardSignals from "./0017_card_signals.js";
import * as storedReadShape0018 from "./0018_stored_read_shape_triggers.js";
import * as apiTokens from "./0019_api_tokens.js";
import * as storedReadShape0020 from "./0020_stored_read_shape_triggers.js";
import * as seriesNewestIndex from "./0021_series_newest_index.js";
import * as listingFacets from "./0022_listing_facets.js";
import * as reportVoices from "./0023_report_voices.js";
import * as platformHosts from "./0024_platform_hosts.js";

/** Every migration, in order. Listed by hand so bundling keeps them. */
export const migrations: Record<string, Migration> = {
  "0001_initial": initial,
  "0002_change_notifications": changeNotifications,
  "0003_rate_limits": rateLimits,
  "0004_maintenance_jobs": maintenanceJobs,
  "0005_listing_text": listingText,
  "0006_click_stats": clickStats,
  "0007_favorites_follows": favoritesFollows,
  "0008_safety_settings": safetySettings,
  "0009_stored_read_shape": storedReadShape,
  "0010_change_kinds": changeKinds,
  "0011_stored_read_shape_triggers": storedReadShape0011,
  "0012_audit_log": auditLog,
  "0013_reports": reports,
  "0014_verified_creators": verifiedCreators,
  "0015_age_and_email": ageAndEmail,
  "0016_stored_read_shape_triggers": storedReadShape0016,
  "0017_card_signals": cardSignals,
  "0018_stored_read_shape_triggers": storedReadShape0018,
  "0019_api_tokens": apiTokens,
  "0020_stored_read_shape_triggers": storedReadShape0020,
  "0021_series_newest_index": seriesNewestIndex,
  "0022_listing_facets": listingFacets,
  "0023_report_voices": reportVoices,
  "0024_platform_hosts": platformHosts,
};
