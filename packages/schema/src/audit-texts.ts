// Zod-free, so the web shows an entry's change without loading the schemas.
import { type ChoiceFieldDeclaration, LISTING_FIELD_REGISTRY } from "./listing-fields.js";
import { PLATFORMS, platformLabels } from "./platforms.js";

/**
 * How the audit log names the fields an entry's before and after keep (issue 40 §3): the ONE home of these words,
 * read by the api's audit read (each entry's `changes`) and so by the panel. A field not listed here is named
 * from its own name in words ("storySeries" → "Story series"), never shown raw.
 */
export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  // A listing's fields (a moderator's edit, a delete).
  title: "Title",
  tagline: "Tagline",
  description: "Description",
  tags: "Tags",
  storySeries: "Series",
  nsfw: "NSFW",
  image: "Picture",
  imageUrl: "Picture",
  imageFocusX: "Focal point (across)",
  imageFocusY: "Focal point",
  userId: "Creator",
  ...Object.fromEntries(
    PLATFORMS.flatMap((platform) => [
      [`${platform}Cid`, platformLabels(platform).id],
      [`${platform}Url`, platformLabels(platform).url],
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(LISTING_FIELD_REGISTRY as Record<string, ChoiceFieldDeclaration>).map(([name, field]) => [
      name,
      field.label,
    ]),
  ),
  // Moderation states.
  hidden: "Hidden",
  hiddenReason: "Reason for hiding",
  reviewPending: "Hidden pending review",
  withheld: "Hidden from the public",
  suspended: "Suspended",
  reason: "Reason",
  outcome: "Outcome",
  closedReports: "Reports closed",
  // Accounts and roles.
  email: "E-mail",
  isApproved: "Approved",
  isAdmin: "Admin",
  isSuperAdmin: "Super admin",
  // Verification and image jobs.
  status: "Status",
  verified: "Verified",
  kind: "Job",
};

/** Fields kept as a percentage (the picture's focal point). */
const PERCENT_FIELDS = new Set(["imageFocusX", "imageFocusY"]);

/** A field's label: its entry above, else its name in words. */
export function auditFieldLabel(field: string): string {
  const known = AUDIT_FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/[_.-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : field;
}

/** A kept value in words: Yes/No, "50 %", a list joined, "None" for nothing. */
export function auditValueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "None";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return PERCENT_FIELDS.has(field) ? `${value} %` : String(value);
  if (Array.isArray(value))
    return value.length === 0 ? "None" : value.map((item) => auditValueText(field, item)).join(", ");
  if (typeof value === "string") {
    if (field === "status" || field === "kind") return value.charAt(0).toUpperCase() + value.slice(1);
    return value;
  }
  return JSON.stringify(value);
}

/** One changed field of an audit entry, in words. */
export interface AuditChange {
  /** The field as kept (`imageFocusY`), for programs. */
  field: string;
  /** Its name as a person reads it ("Focal point"). */
  label: string;
  /** Its value before, in words; null when the entry keeps none (a field only set, or a reason given). */
  before: string | null;
  /** Its value after, in words; null when the entry keeps none (a deleted thing's fields). */
  after: string | null;
}

/** An entry's before and after as the fields it changed, in words, in the order they were kept (unchanged ones left out). */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return (
    fields
      .map((field) => ({
        field,
        label: auditFieldLabel(field),
        before: before && field in before ? auditValueText(field, before[field]) : null,
        after: after && field in after ? auditValueText(field, after[field]) : null,
      }))
      // A field kept on both sides with the same value did not change (a hide keeps every state field).
      .filter((change) => change.before === null || change.before !== change.after)
  );
}

/** One change as a line: "Focal point: 50 % → 30 %", "Reason: Spam" (a value only before or only after). */
export function auditChangeText(change: Pick<AuditChange, "label" | "before" | "after">): string {
  if (change.before !== null && change.after !== null) return `${change.label}: ${change.before} → ${change.after}`;
  return `${change.label}: ${change.before ?? change.after ?? "None"}`;
}
