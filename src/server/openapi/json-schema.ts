/**
 * @module A small JSON Schema (2020-12, the dialect of OpenAPI 3.1) builder whose object schemas are checked by the
 * compiler against the wire types of src/shared/wire: every field of the type needs a schema, none more, and a
 * field is optional in the schema exactly when it is optional in the type. Pure values, no I/O.
 */

/** The JSON Schema keywords this document uses (docs/ARCHITECTURE.md "The HTTP API document"). */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  enum?: readonly unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  examples?: unknown[];
  /** Never set: keeps an Optional from passing for a schema. */
  optional?: never;
}

/** A field schema marked optional; see object(). */
class Optional {
  readonly optional = true;
  constructor(readonly schema: JsonSchema) {}
}

/** One schema per field of T; fields that T marks optional take an Optional. */
export type Fields<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? Optional : JsonSchema };

/** Marks a field optional (absent from `required`). */
export const opt = (schema: JsonSchema): Optional => new Optional(schema);

/** A text value, with an optional description. */
export const str = (description?: string): JsonSchema => ({ type: "string", ...(description ? { description } : {}) });
/** A whole number, optionally within `range` (inclusive bounds, and a step). */
export function int(description?: string, range?: { min: number; max: number; step?: number }): JsonSchema {
  const bounds = range
    ? { minimum: range.min, maximum: range.max, ...(range.step ? { multipleOf: range.step } : {}) }
    : {};
  return { type: "integer", ...bounds, ...(description ? { description } : {}) };
}
/** Any number (fractions allowed). */
export const num = (description?: string): JsonSchema => ({ type: "number", ...(description ? { description } : {}) });
/** true or false. */
export const bool = (description?: string): JsonSchema => ({
  type: "boolean",
  ...(description ? { description } : {}),
});
/** An array of `items`. */
export const arr = (items: JsonSchema, description?: string): JsonSchema => ({
  type: "array",
  items,
  ...(description ? { description } : {}),
});
/** One of the listed values. */
export const oneOfValues = (values: readonly (string | number)[], description?: string): JsonSchema => ({
  enum: values,
  ...(description ? { description } : {}),
});
/** `schema` or null. */
export const orNull = (schema: JsonSchema): JsonSchema => ({ oneOf: [schema, { type: "null" }] });
/** A reference to the component schema `name`. */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
/** An object whose values all match `values` (a map keyed by names). */
export const mapOf = (values: JsonSchema, description?: string): JsonSchema => ({
  type: "object",
  additionalProperties: values,
  ...(description ? { description } : {}),
});

/**
 * The object schema of type T from one schema per field: `required` lists the fields T does not mark optional.
 * Other fields may appear beside them (answers may grow new fields).
 */
export function object<T>(fields: Fields<T>, description?: string): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, field] of Object.entries(fields) as [string, JsonSchema | Optional][]) {
    if (field instanceof Optional) properties[name] = field.schema;
    else {
      properties[name] = field;
      required.push(name);
    }
  }
  return {
    type: "object",
    properties,
    ...(required.length ? { required } : {}),
    ...(description ? { description } : {}),
  };
}
