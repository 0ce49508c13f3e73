/**
 * The version of @pbjet/protoc-gen-es, named in the @generated header of generated files.
 * Kept in sync with package.json (a test in protobuf-test compares them); a constant rather
 * than a package.json lookup so that the ESM and the CommonJS builds both work.
 */
export const version = "0.1.0";
