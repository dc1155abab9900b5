/**
 * ajv's options for schema mode, shared with scripts/vendor.ts, which
 * generates the draft 2020-12 meta-schema validator ahead of time with the
 * same options (it checks each spec's schema as ajv itself would).
 */
export const SCHEMA_OPTIONS = {
  strict: false,
  allErrors: true,
  strictTuples: false,
  validateFormats: true,
} as const;

/** The draft 2020-12 meta-schema's id: the default dialect. */
export const META_2020 = "https://json-schema.org/draft/2020-12/schema";
