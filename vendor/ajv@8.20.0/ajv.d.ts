// The bundle's exports, typed by the npm packages it was built from (scripts/vendor.ts).
export declare const Ajv2020: typeof import("ajv/dist/2020.js");
export declare const AjvDraft7: typeof import("ajv");
export declare const addFormats: typeof import("ajv-formats");
