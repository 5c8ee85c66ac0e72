import { useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";

/**
 * What the signed-in member answered to the age question (the server's `ageCheck`), read when asked (a click
 * on a blurred picture): a personal read, kept out of the gallery's shared batch.
 */
export function useAgeCheckOnDemand() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async () => {
    try {
      return (await queryClient.fetchQuery({ ...trpc.settings.safety.queryOptions(), retry: false, staleTime: 60_000 }))
        .ageCheck;
    } catch {
      return undefined;
    }
  };
}
