/**
 * Comments from a file's SourceCodeInfo, looked up by descriptor.
 */
import type { AnyDesc, DescFile } from "@pbjet/protobuf";

/** The comments attached to an element in its .proto source. */
export interface SourceComments {
  readonly leadingDetached: readonly string[];
  readonly leading?: string;
  readonly trailing?: string;
}

interface Location {
  path: number[];
  leadingComments?: string;
  trailingComments?: string;
  leadingDetachedComments: string[];
}

const empty: SourceComments = { leadingDetached: [] };

/** The comments of a descriptor, or empty comments if the file has no source info. */
export function getComments(desc: AnyDesc): SourceComments {
  return commentsAt(fileOf(desc), pathOf(desc));
}

/** The comments on the `package` statement. */
export function getPackageComments(file: DescFile): SourceComments {
  return commentsAt(file, [2]);
}

function commentsAt(file: DescFile, path: number[]): SourceComments {
  const info = (file.proto as unknown as { sourceCodeInfo?: { location: Location[] } }).sourceCodeInfo;
  if (!info) return empty;
  for (const loc of info.location) {
    if (loc.path.length === path.length && loc.path.every((p, i) => p === path[i])) {
      return {
        leadingDetached: loc.leadingDetachedComments,
        leading: loc.leadingComments || undefined,
        trailing: loc.trailingComments || undefined,
      };
    }
  }
  return empty;
}

/** Comments before the `syntax` / `edition` statement: typically a license header. */
export function getSyntaxComments(file: DescFile): SourceComments {
  const info = (file.proto as unknown as { sourceCodeInfo?: { location: Location[] } }).sourceCodeInfo;
  // protoc and buf record the `edition = "..."` statement under the syntax field (12), like
  // `syntax = "..."`; the edition field (14) is looked at in case a compiler records it there.
  const find = (n: number) => info?.location.find((l) => l.path.length === 1 && l.path[0] === n);
  const loc = find(12) ?? (file.proto.syntax === "editions" ? find(14) : undefined);
  if (!loc) return empty;
  return { leadingDetached: loc.leadingDetachedComments, leading: loc.leadingComments || undefined };
}

function fileOf(desc: AnyDesc): DescFile {
  switch (desc.kind) {
    case "file":
      return desc;
    case "enum_value":
      return desc.parent.file;
    case "field":
    case "oneof":
      return desc.parent.file;
    case "rpc":
      return desc.parent.file;
    default:
      return desc.file;
  }
}

/** The SourceCodeInfo path of a descriptor (field numbers of descriptor.proto). */
function pathOf(desc: AnyDesc): number[] {
  switch (desc.kind) {
    case "file":
      return [];
    case "message":
      return desc.parent
        ? [...pathOf(desc.parent), 3, desc.parent.proto.nestedType.indexOf(desc.proto)]
        : [4, desc.file.proto.messageType.indexOf(desc.proto)];
    case "enum":
      return desc.parent
        ? [...pathOf(desc.parent), 4, desc.parent.proto.enumType.indexOf(desc.proto)]
        : [5, desc.file.proto.enumType.indexOf(desc.proto)];
    case "enum_value":
      return [...pathOf(desc.parent), 2, desc.parent.proto.value.indexOf(desc.proto)];
    case "field":
      return [...pathOf(desc.parent), 2, desc.parent.proto.field.indexOf(desc.proto)];
    case "oneof":
      return [...pathOf(desc.parent), 8, desc.parent.proto.oneofDecl.indexOf(desc.proto)];
    case "extension":
      return desc.parent
        ? [...pathOf(desc.parent), 6, desc.parent.proto.extension.indexOf(desc.proto)]
        : [7, desc.file.proto.extension.indexOf(desc.proto)];
    case "service":
      return [6, desc.file.proto.service.indexOf(desc.proto)];
    case "rpc":
      return [...pathOf(desc.parent), 2, desc.parent.proto.method.indexOf(desc.proto)];
  }
}
