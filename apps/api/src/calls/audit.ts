import { auditEntrySchema, auditListInputSchema } from "@gallery/schema";
import { listAuditLog } from "../domain/audit/log.js";
import { pageOf, query, rest } from "./call.js";
import { fromQuery } from "./rest-schemas.js";

/** The moderators' audit log (issue 23): super admins read it; nothing changes or deletes an entry. */
export const auditCalls = {
  list: query({
    access: "superAdmin",
    input: auditListInputSchema,
    output: pageOf(auditEntrySchema),
    paged: true,
    run: listAuditLog,
    rest: rest({
      method: "GET",
      path: "/admin/audit-log",
      operationId: "listAuditLog",
      summary: "Moderator actions, newest first",
      description:
        "Filter by moderator, target and action. Entries keep the names they had; they cannot be changed or deleted. Next page in the Link header.",
      tag: "admin",
      query: fromQuery(auditListInputSchema.unwrap()),
    }),
  }),
};
