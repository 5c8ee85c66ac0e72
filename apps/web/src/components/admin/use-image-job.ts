import type { ImageJob, ImageJobKind } from "@gallery/schema";
import { toast } from "@gallery/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { serverMessage } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import { toastError } from "../../lib/unauthorized";
import { useModerationFilters } from "./use-moderation-filters";

/** How often the panel asks for a running job's progress. */
const POLL_MS = 1000;

/** The spec's toasts (section 8), shown when a job this page saw running ends. */
const succeeded = (job: ImageJob) =>
  job.kind === "migrate"
    ? `Successfully migrated ${job.result.migrated} images to cloud storage`
    : `Successfully repaired ${job.result.repaired} out of ${job.result.total} chatbot images`;

const FAILURE: Record<ImageJobKind, { message: string; title: string }> = {
  migrate: { message: "Failed to migrate images to cloud storage", title: "Migration Failed" },
  repair: { message: "Failed to repair broken images", title: "Repair Failed" },
};

/**
 * The image job as the server has it (so a reload finds a running job again), polled while it runs,
 * and how to start one. The job runs on the server; this page only watches it.
 */
export function useImageJob() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invalidate = useModerationFilters();
  const jobQuery = trpc.admin.imageJob.queryOptions();
  const { data: job } = useQuery({
    ...jobQuery,
    refetchInterval: (query) => (query.state.data?.status === "running" ? POLL_MS : false),
  });

  // Toast the end of a job this page saw running (not an old job found at load).
  const watching = useRef<string | null>(null);
  useEffect(() => {
    if (!job) return;
    if (job.status === "running") {
      watching.current = job.id;
      return;
    }
    if (watching.current !== job.id) return;
    watching.current = null;
    if (job.status === "succeeded") toast.success(succeeded(job));
    else toastError(null, FAILURE[job.kind].message, FAILURE[job.kind].title);
    for (const filters of invalidate) void queryClient.invalidateQueries(filters);
  }, [job, invalidate, queryClient]);

  const start = useMutation(
    trpc.admin.startImageJob.mutationOptions({
      onSuccess: (started) => queryClient.setQueryData(jobQuery.queryKey, started),
      onError: (error, { kind }) => {
        // Another job running (e.g. started from another tab) says so; anything else is the spec's failure.
        toastError(error, serverMessage(error) ?? FAILURE[kind].message, FAILURE[kind].title);
        void queryClient.invalidateQueries({ queryKey: jobQuery.queryKey });
      },
    }),
  );

  return { job, start: (kind: ImageJobKind) => start.mutate({ kind }), starting: start.isPending };
}
