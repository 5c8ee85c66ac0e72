/**
 * The listing fields the gallery filters on, beyond the spec's own (platform, content, tags, search): the ONE
 * declaration of each. A field here is a value chosen from a few (`choices`), kept per listing, and everything it
 * needs derives from its entry: the form and edit schemas and the read shape (chatbot.ts, types.ts), the gallery's
 * filter input and its REST description, the Kysely column type (packages/db schema.ts), the column on `chatbots`
 * with its default and a check of its values (generated migration, domain/listings/platform-columns.ts), the read
 * model, the filter's SQL (queries.ts applyFilters), the facets copy (facets-copy.ts), and the web's filter select
 * and form select. Adding one: its entry here, then `pnpm gen` (docs/ARCHITECTURE.md, "What a change touches").
 *
 * Example (not declared; the spec has no such field):
 *
 *   language: {
 *     label: "Language",
 *     choices: { en: "English", ja: "Japanese" },
 *     any: "All languages",
 *     description: "Listings in this language (omitted for all).",
 *     default: "en",
 *   },
 */
export interface ChoiceFieldDeclaration {
  /** The field's name as shown: the form's label, the filter's label, messages. */
  label: string;
  /** Its values (stored and sent as they are), each with the words it is shown with, in the order listed. */
  choices: Readonly<Record<string, string>>;
  /** The filter's option for no filter ('All languages'). */
  any: string;
  /** The gallery filter's description in the API documents. */
  description: string;
  /** The value of a listing that was never given one (existing listings included, when the column is added). */
  default?: string;
}

export const LISTING_FIELD_REGISTRY = {} as const satisfies Record<string, ChoiceFieldDeclaration>;

type Registry = typeof LISTING_FIELD_REGISTRY;
/** A declared field's name, as the read shape, the forms and the filters name it (camelCase). */
export type ListingFieldName = keyof Registry & string;
/** One of a field's values. */
export type ListingFieldValue<K extends ListingFieldName> = Registry[K] extends { choices: infer C }
  ? keyof C & string
  : never;
/**
 * Each declared field's column on a listing (the Kysely column type): null when it has none. Typed as text, as the
 * schemas' outputs are; the column's check (generated) keeps it to the field's values.
 */
export type ListingFieldColumns = { [K in ListingFieldName]: string | null };

/** A field as the code reads it: its name, its column on chatbots and listing_facets, and its declaration. */
export interface ListingFieldInfo extends ChoiceFieldDeclaration {
  name: string;
  /** Its column: the name in snake_case. */
  column: string;
  /** Its values, in the declared order. */
  values: readonly [string, ...string[]];
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The fields of a registry as the code reads them (the real one by default; tests pass their own). */
export function listingFieldsOf(registry: Readonly<Record<string, ChoiceFieldDeclaration>>): ListingFieldInfo[] {
  return Object.entries(registry).map(([name, declared]) => {
    const values = Object.keys(declared.choices);
    if (values.length === 0) throw new Error(`listing field ${name}: no choices`);
    if (declared.default !== undefined && !values.includes(declared.default)) {
      throw new Error(`listing field ${name}: default ${declared.default} is none of its choices`);
    }
    return { ...declared, name, column: snakeCase(name), values: values as [string, ...string[]] };
  });
}

/** Every declared field, in the order forms, filters and the read shape list them. */
export const LISTING_FIELDS: readonly ListingFieldInfo[] = listingFieldsOf(LISTING_FIELD_REGISTRY);

/** One value per declared field, keyed by its name (schema shapes, form values, filters). */
export function perListingField<T>(
  make: (field: ListingFieldInfo) => T,
  fields: readonly ListingFieldInfo[] = LISTING_FIELDS,
): Record<ListingFieldName, T> {
  return Object.fromEntries(fields.map((field) => [field.name, make(field)])) as Record<ListingFieldName, T>;
}

/** The message of a value that is none of the field's choices: 'Language must be one of en, ja'. */
export const notAChoice = (field: Pick<ListingFieldInfo, "label" | "values">) =>
  `${field.label} must be one of ${field.values.join(", ")}`;
