import { z } from "zod";

/**
 * The answer of a member's toggle (save a listing, follow a creator, mark a review helpful): which one (`target`),
 * whether the caller has it on after this call (`on`) and how many members do (`count`). `whether` and `howMany` end
 * the two descriptions: "Whether the caller {whether} (after this call).", "How many members {howMany} (after this
 * call)."
 */
export function toggleStateSchema<Target extends string, On extends string, Count extends string>(
  id: string,
  keys: { target: Target; on: On; count: Count },
  words: { whether: string; howMany: string },
) {
  const shape = {
    [keys.target]: z.uuid(),
    [keys.on]: z.boolean().meta({ description: `Whether the caller ${words.whether} (after this call).` }),
    [keys.count]: z
      .number()
      .int()
      .meta({ description: `How many members ${words.howMany} (after this call).` }),
  } as Record<Target, z.ZodUUID> & Record<On, z.ZodBoolean> & Record<Count, z.ZodNumber>;
  return z.object(shape).meta({ id });
}
