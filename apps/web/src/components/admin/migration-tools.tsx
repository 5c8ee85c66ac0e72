import { Button, Card, CardContent, CardHeader, CardTitle } from "@gallery/ui";
import { CloudUpload, Loader2, Wrench } from "lucide-react";
import { useTRPC } from "../../lib/trpc";
import { useToastMutation } from "../../lib/use-toast-mutation";
import { useModerationFilters } from "./use-moderation-filters";

/**
 * Super admins only. The server works through the listings in small batches within the one
 * request; while it runs the card says so (the tools are safe to leave running or to interrupt).
 */
export function MigrationTools() {
  const trpc = useTRPC();
  const invalidate = useModerationFilters();
  const migrate = useToastMutation(trpc.admin.migrateImages.mutationOptions(), {
    success: ({ migrated }) => `Successfully migrated ${migrated} images to cloud storage`,
    failure: "Failed to migrate images to cloud storage",
    failureTitle: "Migration Failed",
    invalidate,
  });
  const repair = useToastMutation(trpc.admin.repairImages.mutationOptions(), {
    success: ({ repaired, total }) => `Successfully repaired ${repaired} out of ${total} chatbot images`,
    failure: "Failed to repair broken images",
    failureTitle: "Repair Failed",
    invalidate,
  });
  const busy = migrate.isPending || repair.isPending;
  const progress = migrate.isPending
    ? "Migrating images to cloud storage… this can take a few minutes for a large gallery."
    : repair.isPending
      ? "Checking every chatbot image and repairing broken ones… this can take a few minutes."
      : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Migration Tools</CardTitle>
        <p className="text-sm text-muted-foreground">
          Move images still stored outside object storage into it, or repair listings whose image is missing.
        </p>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => migrate.mutate()} disabled={busy}>
            {migrate.isPending ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            ) : (
              <CloudUpload className="h-4 w-4" aria-hidden />
            )}
            Migrate Images to Cloud
          </Button>
          <Button variant="outline" onClick={() => repair.mutate()} disabled={busy}>
            {repair.isPending ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            ) : (
              <Wrench className="h-4 w-4" aria-hidden />
            )}
            Repair Broken Images
          </Button>
        </div>
        <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
          {progress}
        </p>
      </CardContent>
    </Card>
  );
}
