/**
 * Generates `<name>_pb.js` for a .proto file, as protoc-gen-es writes it: the embedded file
 * descriptor and the descriptors of messages, enums, extensions and services, and for enums
 * the object of their values (created from the descriptor at run time).
 */
import type { DescEnum, DescFile } from "@pbjet/protobuf";
import type { GeneratedFile, Schema } from "@pbjet/protoplugin";
import type { GenEsOptions } from "./options.js";
import type { FileDescriptorProto } from "@pbjet/protobuf/wkt";
import { printAotSchema } from "./aot/schema.js";
import { descArgs, deprecated, embeddedProto, fileDescCall, schemaName, shapeName, walkFile, type Options } from "./util.js";

/** Generates JavaScript for every file of the schema. */
export function generateJs(schema: Schema<GenEsOptions>): void {
  for (const file of schema.files) {
    const f = schema.generateFile(file.name + "_pb.js");
    f.preamble(file);
    generateFile(f, file, schema.options, embeddedProto(schema, file));
  }
}

function generateFile(f: GeneratedFile, file: DescFile, options: Options, embedded: FileDescriptorProto): void {
  const fileName = file.proto.name;
  const { fileDesc, messageDesc, extDesc, serviceDesc } = f.runtime.codegen;
  f.print(f.jsDoc(`Describes the file ${fileName}.`));
  f.print(f.export("const", schemaName(f, file)), " = /*@__PURE__*/");
  if (fileName === "google/protobuf/descriptor.proto" && options.bootstrapWkt) {
    f.print("  ", f.import("bootDescriptorProto", fileDesc.from), "();");
  } else {
    f.print("  ", fileDescCall(f, file, embedded), ";");
  }
  f.print();
  walkFile(file, {
    message(desc, path) {
      f.print(f.jsDoc(`Describes the message ${desc.typeName}.\nUse \`create(${schemaName(f, desc)})\` to create a new message.${deprecated(desc)}`));
      f.print(f.export("const", schemaName(f, desc)), " = /*@__PURE__*/");
      if (options.aot) printAotSchema(f, desc, [messageDesc, "(", descArgs(f, desc.file, path), ")"], false, options.aotJson);
      else f.print("  ", messageDesc, "(", descArgs(f, desc.file, path), ");");
      f.print();
    },
    enum(desc, path) {
      generateEnum(f, desc, path, options);
    },
    extension(ext, path) {
      f.print(f.jsDoc(ext));
      f.print(f.export("const", schemaName(f, ext)), " = /*@__PURE__*/");
      f.print("  ", extDesc, "(", descArgs(f, ext.file, path), ");");
      f.print();
    },
    service(service, index) {
      f.print(f.jsDoc(service));
      f.print(f.export("const", schemaName(f, service)), " = /*@__PURE__*/");
      f.print("  ", serviceDesc, "(", f.importSchema(service.file), ", ", index, ");");
      f.print();
    },
  });
}

function generateEnum(f: GeneratedFile, desc: DescEnum, path: number[], options: Options): void {
  const { enumDesc, tsEnum } = f.runtime.codegen;
  f.print(f.jsDoc(`Describes the enum ${desc.typeName}.${deprecated(desc)}`));
  f.print(f.export("const", schemaName(f, desc)), " = /*@__PURE__*/");
  f.print("  ", enumDesc, "(", descArgs(f, desc.file, path), ");");
  f.print();
  // The object of a TypeScript enum (names to numbers and back), or with erasable_syntax the
  // object of names to numbers.
  const create = options.erasableSyntax ? f.import("objEnum", tsEnum.from) : tsEnum;
  f.print(f.jsDoc(desc));
  f.print(f.export("const", shapeName(f, desc)), " = /*@__PURE__*/");
  f.print("  ", create, "(", f.importSchema(desc), ");");
  f.print();
}
