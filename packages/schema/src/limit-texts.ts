/**
 * The words of a text over its limit, one shape for every field ("Title must be 200 characters or less"), without
 * zod, so the texts files that use it load no schema.
 */
export const tooLongText = (label: string, max: number) => `${label} must be ${max} characters or less`;
