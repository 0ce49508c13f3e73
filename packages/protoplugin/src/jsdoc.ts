/**
 * JSDoc comments of generated code: the element's comments from the .proto source, followed
 * by where it was generated from, as protoc-gen-es writes them.
 */
import type { AnyDesc, DescFile } from "@pbjet/protobuf";
import { getComments, getDeclarationString, getFeatureOptionStrings } from "./source-code-info.js";

/**
 * The text of the JSDoc of an element: its leading and trailing comments, then
 * `@generated from message foo.Bar` (and the like) with the edition features set on it, and
 * `@deprecated` for a deprecated element.
 */
export function createJsDocTextFromDesc(desc: Exclude<AnyDesc, DescFile>): string {
  const lines: string[] = [];
  const comments = getComments(desc);
  for (const text of [comments.leading, comments.trailing]) {
    if (text === undefined) continue;
    if (lines.length > 0) lines.push("");
    for (const l of splitLines(text.replace(/(\r\n|[\n\r\u2028\u2029])$/, ""))) lines.push(l.startsWith(" ") ? l.substring(1) : l);
  }
  if (lines.length > 0) lines.push("");
  lines.push(...generatedFrom(desc));
  if ("deprecated" in desc && desc.deprecated && !lines.includes("@deprecated")) lines.push("@deprecated");
  return lines.join("\n");
}

function generatedFrom(desc: Exclude<AnyDesc, DescFile>): string[] {
  const withOptions = () => getFeatureOptionStrings(desc).map((o) => `@generated with option ${o}`);
  switch (desc.kind) {
    case "message":
      return [`@generated from message ${desc.typeName}`, ...withOptions()];
    case "enum":
      return [`@generated from enum ${desc.typeName}`, ...withOptions()];
    case "field":
      return [`@generated from field: ${getDeclarationString(desc)};`];
    case "oneof":
      return [`@generated from oneof ${desc.parent.typeName}.${desc.name}`];
    case "enum_value":
      return [`@generated from enum value: ${getDeclarationString(desc)};`];
    case "extension":
      return [`@generated from extension: ${getDeclarationString(desc)};`];
    case "service":
      return [`@generated from service ${desc.typeName}`];
    case "rpc":
      return [`@generated from rpc ${desc.parent.typeName}.${desc.name}`];
  }
}

/**
 * The lines of a text, split at every ECMAScript line terminator (CR LF, LF, CR, and the line
 * and paragraph separators U+2028 and U+2029): text from a .proto file goes into comments of
 * generated code line by line, so that no line break in it can end a `//` comment early.
 */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|[\n\r\u2028\u2029]/);
}

/**
 * A JSDoc block of the text, each line indented; `*\/` in the text is escaped. (Other line
 * terminators than LF cannot end a block comment, and stay as they are, as in protoc-gen-es.)
 */
export function formatJsDocBlock(text: string, indentation: string | undefined): string {
  const indent = indentation ?? "";
  const lines = text.split("\n").map((l) => l.replace(/\*\//g, "*\\/"));
  return [`${indent}/**`, ...lines.map((l) => (l === "" ? `${indent} *` : `${indent} * ${l}`)), `${indent} */`].join("\n");
}
