/**
 * OpenAPI schemas as standalone JSON Schema 2020-12 that ajv compiles: the
 * 3.0 dialect is translated (`nullable`, `example`, boolean
 * `exclusiveMinimum`...), OpenAPI-only keywords are dropped, and every schema
 * a `$ref` reaches is copied into `$defs` (once per document, so cycles stay
 * references and compile). A `required` property that is readOnly (required
 * in responses only) or writeOnly (in requests only) moves to `MODE_REQUIRED`,
 * which the shared validator reads by direction; standalone schemas, which
 * endpoint files hold, have it folded back for their direction.
 */
import {
  type Direction,
  MODE_REQUIRED,
  SUBSCHEMA_KEYWORDS,
  SUBSCHEMA_MAP_KEYWORDS,
} from "../../engine/contract/schema_ids.ts";
import { isRecord } from "../data.ts";
import { pointerParts, resolvePointer } from "./refs.ts";

const DROP = new Set([
  "nullable",
  "discriminator",
  "xml",
  "externalDocs",
  "example",
  "$recursiveAnchor",
]);
/** Formats ajv-formats knows; others are annotations ajv would refuse. */
const FORMATS = new Set([
  "date",
  "time",
  "date-time",
  "iso-time",
  "iso-date-time",
  "duration",
  "uri",
  "uri-reference",
  "uri-template",
  "url",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "regex",
  "uuid",
  "json-pointer",
  "json-pointer-uri-fragment",
  "relative-json-pointer",
  "byte",
  "int32",
  "int64",
  "float",
  "double",
  "password",
  "binary",
]);
export const DRAFT_2020 = "https://json-schema.org/draft/2020-12/schema";

/**
 * Levels of nested subschemas one converted schema holds; a deeper one becomes
 * a definition of its own (`$ref`). ajv compiles each definition as a function
 * of its own, and its code generator recurses about fifteen frames per level:
 * anyOf nested a dozen levels deep overflowed the stack.
 */
const NESTING_LIMIT = 6;
/** Where those definitions are named from (no document has this pointer). */
const NESTED = "#/x-apispec-nested/";

/**
 * Something wrong in a document's schema that conversion worked around:
 * `where` is the component's pointer, or the label of an operation's own schema.
 */
export interface SchemaFlawNote {
  where: string;
  message: string;
}

/** Converts schemas of one document; converted `$defs` are shared between calls. */
export class SchemaConverter {
  #doc: unknown;
  #is30: boolean;
  /** Pointer → `$defs` name. */
  #names = new Map<string, string>();
  /** `$defs` name → pointer. */
  #pointers = new Map<string, string>();
  /** Pointer → converted schema and the pointers it refers to. */
  #defs = new Map<string, { schema: unknown; deps: Set<string> }>();

  /** Where refs point: `#/$defs/` in standalone schemas, or a shared document's `$id` (drift). */
  #refPrefix: string;
  /** Where conversion is: the component's pointer, or the caller's label for a root. */
  #where: string[] = [];
  #flaws: SchemaFlawNote[] = [];
  /** Unknown formats: where each was first seen, and how often. */
  #unknownFormats = new Map<string, { where: string; count: number }>();
  /** Converted schemas with `MODE_REQUIRED` folded in, per direction (shared parts once). */
  #directed = { request: new Map<unknown, unknown>(), response: new Map<unknown, unknown>() };

  constructor(doc: unknown, openapiVersion: string, refPrefix = "#/$defs/") {
    this.#doc = doc;
    this.#is30 = openapiVersion.startsWith("3.0");
    this.#refPrefix = refPrefix;
  }

  /**
   * A schema whose refs point at `refPrefix` + name; everything it reaches is
   * converted and kept, so `definitions()` afterwards holds it all.
   */
  shared(schema: unknown, label = "a schema"): unknown {
    // Operations share response and body objects (components/responses): one root each,
    // so a validator compiles it once.
    const known = isRecord(schema) ? this.#roots.get(schema) : undefined;
    if (known !== undefined) return known;
    const deps = new Set<string>();
    this.#where.push(label);
    const root = this.#convert(schema, deps);
    this.#where.pop();
    // Definitions whose every reference was converted by an earlier call are not walked again.
    const queue = [...deps].filter((pointer) => !this.#closed.has(pointer));
    const seen = new Set(queue);
    for (let next = 0; next < queue.length; next++) {
      for (const dep of this.#component(queue[next]).deps) {
        if (this.#closed.has(dep)) continue;
        if (!seen.has(dep)) {
          seen.add(dep);
          queue.push(dep);
        }
      }
    }
    for (const pointer of queue) this.#closed.add(pointer);
    if (isRecord(schema)) this.#roots.set(schema, root);
    return root;
  }

  /** Roots `shared()` converted, by the document's object. */
  #roots = new Map<object, unknown>();

  /** The converted schema a `$defs` name stands for, once `shared()` reached it. */
  definition(name: string): unknown {
    const pointer = this.#pointers.get(name);
    return pointer === undefined ? undefined : this.#defs.get(pointer)?.schema;
  }

  /** The pointer a `$defs` name was made from (`#/components/schemas/Pet`). */
  pointerOf(name: string): string | undefined {
    return this.#pointers.get(name);
  }

  /** What conversion worked around so far, one line each (unknown formats counted). */
  flaws(): SchemaFlawNote[] {
    return [
      ...this.#flaws,
      ...[...this.#unknownFormats].map(([format, seen]) => ({
        where: seen.where,
        message: `format "${format}" is not one apispec knows${
          seen.count > 1 ? ` (nor in ${seen.count - 1} more place${seen.count > 2 ? "s" : ""})` : ""
        }: it is not checked`,
      })),
    ];
  }

  /** Every schema converted so far, by its `$defs` name. */
  definitions(): Record<string, unknown> {
    // The same object until a schema is added, so callers can tell nothing changed.
    if (this.#definitions?.size === this.#defs.size) return this.#definitions.defs;
    const defs: Record<string, unknown> = {};
    for (const [pointer, def] of this.#defs) defs[this.#names.get(pointer)!] = def.schema;
    this.#definitions = { size: this.#defs.size, defs };
    return defs;
  }
  #definitions?: { size: number; defs: Record<string, unknown> };

  /**
   * A standalone schema: the converted root plus `$defs` for everything it
   * reaches, with `required` as it holds for `direction`.
   */
  standalone(
    schema: unknown,
    direction: Direction = "response",
    label = "a schema",
  ): Record<string, unknown> | undefined {
    this.#where.push(label);
    const out = this.#standalone(schema);
    this.#where.pop();
    return typeof out === "number" || out === undefined
      ? undefined
      : this.#fold(out, direction) as Record<string, unknown>;
  }

  /** Folds `MODE_REQUIRED` into `required` for one direction, copying only what changes. */
  #fold(value: unknown, direction: Direction): unknown {
    if (Array.isArray(value)) {
      const items = value.map((item) => this.#fold(item, direction));
      return items.some((item, i) => item !== value[i]) ? items : value;
    }
    if (!isRecord(value)) return value;
    const memo = this.#directed[direction];
    if (memo.has(value)) return memo.get(value);
    memo.set(value, value); // a cycle back here keeps the original
    let out: Record<string, unknown> = value;
    for (const [key, child] of Object.entries(value)) {
      if (key === MODE_REQUIRED) {
        if (out === value) out = { ...value };
        delete out[key];
        const extra = isRecord(child) ? child[direction] : undefined;
        if (Array.isArray(extra) && extra.length) {
          out.required = [...(Array.isArray(value.required) ? value.required : []), ...extra];
        }
        continue;
      }
      const folded = this.#fold(child, direction);
      if (folded !== child) {
        if (out === value) out = { ...value };
        out[key] = folded;
      }
    }
    memo.set(value, out);
    return out;
  }

  /**
   * `standalone()`, unless its JSON would be longer than `maxSize` characters:
   * then a length over it (counted from each definition's, without building it).
   */
  standaloneUpTo(
    schema: unknown,
    direction: Direction,
    label: string,
    maxSize: number,
  ): Record<string, unknown> | number | undefined {
    this.#where.push(label);
    const out = this.#standalone(schema, maxSize);
    this.#where.pop();
    return typeof out === "number" || out === undefined
      ? out
      : this.#fold(out, direction) as Record<string, unknown>;
  }

  /** Definitions converted with everything they reach. */
  #closed = new Set<string>();
  /** JSON length of each converted definition, measured once. */
  #sizes = new Map<string, number>();

  #standalone(schema: unknown, maxSize = Infinity): Record<string, unknown> | number | undefined {
    const deps = new Set<string>();
    const root = this.#convert(schema, deps);
    if (!isRecord(root)) return root === true ? {} : undefined;
    const defs: Record<string, unknown> = {};
    const queue = [...deps];
    const seen = new Set(queue);
    let size = JSON.stringify(root).length;
    for (let next = 0; next < queue.length; next++) {
      const pointer = queue[next];
      const def = this.#component(pointer);
      if (maxSize !== Infinity) {
        let length = this.#sizes.get(pointer);
        if (length === undefined) {
          this.#sizes.set(pointer, length = JSON.stringify(def.schema).length);
        }
        size += length + pointer.length;
        if (size > maxSize) return size;
      }
      defs[this.#names.get(pointer)!] = def.schema;
      for (const dep of def.deps) {
        if (!seen.has(dep)) {
          seen.add(dep);
          queue.push(dep);
        }
      }
    }
    if (size > maxSize) return size;
    const out: Record<string, unknown> = { $schema: DRAFT_2020, ...root };
    if (Object.keys(defs).length) out.$defs = { ...(root.$defs as object ?? {}), ...defs };
    return out;
  }

  #nameFor(pointer: string): string {
    const known = this.#names.get(pointer);
    if (known) return known;
    const base = (pointerParts(pointer).at(-1) ?? "schema").replace(/[^\w.-]/g, "_") || "schema";
    let name = base;
    for (let n = 2; this.#pointers.has(name); n++) name = `${base}_${n}`;
    this.#pointers.set(name, pointer);
    this.#names.set(pointer, name);
    return name;
  }

  /** Nesting depth of the schema being converted, from its definition's root. */
  #depth = 0;
  /** Deep subschemas made definitions: source object → its made-up pointer, and back. */
  #nested = new Map<object, string>();
  #nestedSources = new Map<string, unknown>();

  #component(pointer: string): { schema: unknown; deps: Set<string> } {
    let def = this.#defs.get(pointer);
    if (!def) {
      // Registered before converting, so a cycle back to it finds an entry.
      def = { schema: {}, deps: new Set() };
      this.#defs.set(pointer, def);
      const target = this.#nestedSources.get(pointer) ?? resolvePointer(this.#doc, pointer);
      if (target === undefined) {
        this.#flaws.push({
          where: this.#where.at(-1) ?? pointer,
          message: `$ref "${pointer}" names nothing in the document: any value passes there`,
        });
      } else {
        this.#where.push(pointer);
        const depth = this.#depth;
        this.#depth = 0;
        def.schema = this.#convert(target, def.deps);
        this.#depth = depth;
        this.#where.pop();
      }
    }
    return def;
  }

  #convert(schema: unknown, deps: Set<string>): unknown {
    if (typeof schema === "boolean") return schema;
    if (!isRecord(schema)) return {};
    // Draft 2019-09's recursion (`$recursiveRef: "#"` to a `$recursiveAnchor`), which
    // 2020-12 dropped: a ref to the component it sits in, which is what it meant here.
    if (typeof schema.$recursiveRef === "string") {
      const { $recursiveRef: _, ...rest } = schema;
      const component = this.#where.findLast((w) => w.startsWith("#") && !w.startsWith(NESTED));
      return this.#convert(component ? { ...rest, $ref: component } : rest, deps);
    }
    if (this.#depth >= NESTING_LIMIT && typeof schema.$ref !== "string") {
      let pointer = this.#nested.get(schema);
      if (!pointer) {
        const component = this.#where.findLast((w) => w.startsWith("#") && !w.startsWith(NESTED));
        const base = pointerParts(component ?? "#/schema").at(-1) ?? "schema";
        pointer = `${NESTED}${base.replace(/[/~]/g, "_")}_nested${this.#nested.size + 1}`;
        this.#nested.set(schema, pointer);
        this.#nestedSources.set(pointer, schema);
      }
      this.#nameFor(pointer);
      deps.add(pointer);
      return { $ref: `${this.#refPrefix}${this.#names.get(pointer)}` };
    }
    this.#depth++;
    try {
      return this.#convertObject(schema, deps);
    } finally {
      this.#depth--;
    }
  }

  #convertObject(schema: Record<string, unknown>, deps: Set<string>): unknown {
    if (typeof schema.$ref === "string") {
      const ref = schema.$ref;
      if (!ref.startsWith("#")) return {};
      this.#nameFor(ref);
      deps.add(ref);
      const out: Record<string, unknown> = { $ref: `${this.#refPrefix}${this.#names.get(ref)}` };
      // 3.1 allows siblings next to $ref; 3.0 ignores them.
      if (!this.#is30) {
        for (const [key, value] of Object.entries(schema)) {
          if (key !== "$ref") Object.assign(out, this.#keyword(key, value, deps));
        }
      }
      return out;
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(schema)) {
      Object.assign(out, this.#keyword(key, value, deps));
    }
    if (schema.example !== undefined && out.examples === undefined) out.examples = [schema.example];
    this.#splitRequired(schema, out);
    this.#discriminate(schema, out);
    if (this.#is30) this.#from30(schema, out);
    else this.#exclusiveFlags(schema, out);
    return out;
  }

  /**
   * OpenAPI's `discriminator` picks the branch of a `oneOf`/`anyOf` by one
   * property's value: the mapping's keys for a branch, else the schema's name.
   * JSON Schema knows no discriminator, so each `$ref` branch gets that value
   * as an enum (unless the branch pins the property itself); without it a body
   * that fits two branches' shapes fails `oneOf`, however it is tagged.
   */
  #discriminate(schema: Record<string, unknown>, out: Record<string, unknown>) {
    const discriminator = schema.discriminator ?? this.#inherited(schema);
    if (!isRecord(discriminator) || typeof discriminator.propertyName !== "string") return;
    const property = discriminator.propertyName;
    const mapping = isRecord(discriminator.mapping) ? discriminator.mapping : {};
    for (const key of ["oneOf", "anyOf"]) {
      const branches = schema[key];
      const converted = out[key];
      if (!Array.isArray(branches) || !Array.isArray(converted)) continue;
      out[key] = branches.map((branch, i) => {
        if (!isRecord(branch) || typeof branch.$ref !== "string") return converted[i];
        if (this.#pins(resolvePointer(this.#doc, branch.$ref), property)) return converted[i];
        const ref = branch.$ref;
        const name = pointerParts(ref).at(-1) ?? ref;
        const values = Object.entries(mapping)
          .filter(([, target]) => target === ref || target === name)
          .map(([value]) => value);
        return {
          allOf: [converted[i], {
            properties: { [property]: { enum: values.length ? values : [name] } },
          }],
        };
      });
    }
  }

  /**
   * The discriminator the branches of a `oneOf`/`anyOf` inherit: each is a
   * `$ref` to a schema whose allOf parent declares the same discriminator.
   */
  #inherited(schema: Record<string, unknown>): unknown {
    const branches = Array.isArray(schema.oneOf)
      ? schema.oneOf
      : Array.isArray(schema.anyOf)
      ? schema.anyOf
      : [];
    let found: Record<string, unknown> | undefined;
    for (const branch of branches) {
      const target = isRecord(branch) && typeof branch.$ref === "string"
        ? resolvePointer(this.#doc, branch.$ref)
        : undefined;
      const parents = isRecord(target) && Array.isArray(target.allOf) ? target.allOf : [];
      const own = parents.map((parent) =>
        isRecord(parent) && typeof parent.$ref === "string"
          ? resolvePointer(this.#doc, parent.$ref)
          : parent
      ).map((parent) => isRecord(parent) ? parent.discriminator : undefined)
        .find((d) => isRecord(d) && typeof d.propertyName === "string");
      if (!isRecord(own) || (found && found.propertyName !== own.propertyName)) return undefined;
      found = own;
    }
    return found;
  }

  /** Whether a schema fixes a property's value itself (const, one enum value), through refs and allOf. */
  #pins(schema: unknown, property: string, depth = 0): boolean {
    if (!isRecord(schema) || depth > 8) return false;
    if (typeof schema.$ref === "string") {
      return this.#pins(resolvePointer(this.#doc, schema.$ref), property, depth + 1);
    }
    const own = isRecord(schema.properties) ? schema.properties[property] : undefined;
    if (isRecord(own)) {
      const target = typeof own.$ref === "string" ? resolvePointer(this.#doc, own.$ref) : own;
      if (
        isRecord(target) &&
        (target.const !== undefined || (Array.isArray(target.enum) && target.enum.length === 1))
      ) {
        return true;
      }
    }
    return (Array.isArray(schema.allOf) ? schema.allOf : []).some((part) =>
      this.#pins(part, property, depth + 1)
    );
  }

  /** Required readOnly and writeOnly properties hold in one direction only (OpenAPI 3.x). */
  #splitRequired(schema: Record<string, unknown>, out: Record<string, unknown>) {
    if (!Array.isArray(out.required) || !isRecord(schema.properties)) return;
    const always: unknown[] = [];
    const request: string[] = [];
    const response: string[] = [];
    for (const name of out.required) {
      const access = typeof name === "string"
        ? this.#access((schema.properties as Record<string, unknown>)[name])
        : undefined;
      if (access === "readOnly") response.push(name);
      else if (access === "writeOnly") request.push(name);
      else always.push(name);
    }
    if (request.length === 0 && response.length === 0) return;
    if (always.length) out.required = always;
    else delete out.required;
    out[MODE_REQUIRED] = {
      ...(request.length ? { request } : {}),
      ...(response.length ? { response } : {}),
    };
  }

  /** Whether a property schema is readOnly or writeOnly, through refs and allOf. */
  #access(schema: unknown, depth = 0): "readOnly" | "writeOnly" | undefined {
    if (!isRecord(schema) || depth > 8) return undefined;
    const ref = typeof schema.$ref === "string" ? schema.$ref : undefined;
    // 3.0 ignores a $ref's siblings; 3.1 reads them.
    if (!(ref && this.#is30)) {
      if (schema.readOnly === true) return "readOnly";
      if (schema.writeOnly === true) return "writeOnly";
    }
    if (ref) {
      const found = this.#access(resolvePointer(this.#doc, ref), depth + 1);
      if (found || this.#is30) return found;
    }
    for (const part of Array.isArray(schema.allOf) ? schema.allOf : []) {
      const found = this.#access(part, depth + 1);
      if (found) return found;
    }
    return undefined;
  }

  #keyword(key: string, value: unknown, deps: Set<string>): Record<string, unknown> {
    if (DROP.has(key) || key.startsWith("x-")) return {};
    if (key === "format") {
      if (typeof value === "string" && FORMATS.has(value)) return { format: value };
      const name = String(value);
      const seen = this.#unknownFormats.get(name);
      if (seen) seen.count++;
      else this.#unknownFormats.set(name, { where: this.#where.at(-1) ?? "a schema", count: 1 });
      return {};
    }
    if (key === "required" && Array.isArray(value)) {
      const names = [...new Set(value.filter((v) => typeof v === "string"))];
      if (names.length < value.length) {
        this.#flaws.push({
          where: this.#where.at(-1) ?? "a schema",
          message: "`required` names a property twice (or a non-name): each is required once",
        });
      }
      return { required: names };
    }
    if (SUBSCHEMA_MAP_KEYWORDS.has(key) && isRecord(value)) {
      return {
        [key === "definitions" ? "$defs" : key]: Object.fromEntries(
          Object.entries(value).map(([k, v]) => [k, this.#convert(v, deps)]),
        ),
      };
    }
    if (SUBSCHEMA_KEYWORDS.has(key)) {
      if (Array.isArray(value)) {
        return {
          [key === "items" ? "prefixItems" : key]: value.map((v) => this.#convert(v, deps)),
        };
      }
      return { [key]: this.#convert(value, deps) };
    }
    if (key === "required" && !Array.isArray(value)) return {};
    return { [key]: value };
  }

  /** 3.0's boolean `exclusiveMinimum` in a 3.1 document: read as 3.0 means it, and named. */
  #exclusiveFlags(schema: Record<string, unknown>, out: Record<string, unknown>) {
    if (
      typeof schema.exclusiveMinimum !== "boolean" && typeof schema.exclusiveMaximum !== "boolean"
    ) {
      return;
    }
    this.#flaws.push({
      where: this.#where.at(-1) ?? "a schema",
      message:
        "a boolean exclusiveMinimum/exclusiveMaximum is OpenAPI 3.0's form; read as 3.0 reads it",
    });
    this.#exclusive(schema, out);
  }

  #exclusive(schema: Record<string, unknown>, out: Record<string, unknown>) {
    for (
      const [flag, bound] of [["exclusiveMinimum", "minimum"], ["exclusiveMaximum", "maximum"]]
    ) {
      if (schema[flag] === true && typeof schema[bound] === "number") {
        out[flag] = schema[bound];
        delete out[bound];
      } else if (typeof schema[flag] === "boolean") delete out[flag];
    }
  }

  /** OpenAPI 3.0 forms that JSON Schema 2020-12 writes differently. */
  #from30(schema: Record<string, unknown>, out: Record<string, unknown>) {
    this.#exclusive(schema, out);
    if (schema.nullable === true) {
      if (typeof out.type === "string") out.type = [out.type, "null"];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
      if (out.type === undefined) {
        const inner = { ...out };
        for (const key of Object.keys(out)) delete out[key];
        out.anyOf = [inner, { type: "null" }];
      }
    }
  }
}
