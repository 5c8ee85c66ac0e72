// For tests only: a filterable listing field declared in place of the real registry, which the spec leaves empty.
// The api's and the web's tests of a declared field (apps/api/test/listing-fields.test.ts,
// apps/web/src/components/browse/listing-fields.test.tsx) each mock listing-fields.ts with it:
//   vi.mock(<listing-fields.ts>, async (importOriginal) =>
//     (await import("@gallery/schema/testing/listing-field")).withDeclaredField(await importOriginal<…>(), "language"));
// Its import of listing-fields.ts is for types only: the module it is handed is the real one, which a mock of that
// module could not import.
import type * as ListingFields from "../listing-fields.js";

/** The field listing-fields.ts gives as its example: a language, English or Japanese, English by default. */
export const DECLARED_FIELD = {
  label: "Language",
  choices: { en: "English", ja: "Japanese" },
  any: "All languages",
  description: "Listings in this language (omitted for all).",
  default: "en",
} as const satisfies ListingFields.ChoiceFieldDeclaration;

/** The listing-fields module as it would be with one field, named `name`, declared: the real one's code over it. */
export function withDeclaredField(real: typeof ListingFields, name: string) {
  const LISTING_FIELD_REGISTRY = { [name]: DECLARED_FIELD };
  const LISTING_FIELDS = real.listingFieldsOf(LISTING_FIELD_REGISTRY);
  return {
    ...real,
    LISTING_FIELD_REGISTRY,
    LISTING_FIELDS,
    perListingField: <T>(make: (field: ListingFields.ListingFieldInfo) => T, fields = LISTING_FIELDS) =>
      real.perListingField(make, fields),
  };
}
