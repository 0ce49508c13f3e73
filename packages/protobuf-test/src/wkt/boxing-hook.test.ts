/**
 * The conversions of unboxed wrapper and Struct values are plugged in (model/boxing-hook.ts) by
 * the runtime's generated code for wrappers.proto and struct.proto (withBoxing) and by
 * createFileRegistry(), so that programs without such fields do not carry them. Here a runtime
 * loaded in a module registry of its own (jest.isolateModules), without `@pbjet/protobuf/wkt`,
 * gets a wrapper field from fileDesc() alone: binary encoding and decoding of it fail with a
 * clear error (never a wrong value) until withBoxing() or createFileRegistry() enables them.
 */
import * as pb from "@pbjet/protobuf";
import { TimestampSchema, Int32ValueSchema, FileDescriptorSetSchema } from "@pbjet/protobuf/wkt";
import { isolatedRuntime, userFileProto as userFile, userFiles } from "../isolated-runtime";

describe("unboxed values, plugged in", () => {
  it("fail with a clear error until enabled, then round-trip", () => {
    const { api, codegen } = isolatedRuntime();
    const { wrappers, User } = userFiles(codegen);
    const bytes = pb.toBinary(Int32ValueSchema, pb.create(Int32ValueSchema, { value: 42 }));
    // Field 1 (age) holding the Int32Value message.
    const userBytes = new Uint8Array([0x0a, bytes.length, ...bytes]);
    const notLoaded = /unboxed google\.protobuf\.Int32Value values are not loaded: import its schema from "@pbjet\/protobuf\/wkt"/;
    expect(() => api.fromBinary(User, userBytes)).toThrow(notLoaded);
    codegen.withBoxing(wrappers);
    const user = api.fromBinary(User, userBytes) as unknown as { age: number };
    expect(user.age).toBe(42);
    expect(api.toBinary(User, user as never)).toEqual(userBytes);
  });

  it("are not needed for messages whose unboxed fields are unset", () => {
    const { api, codegen } = isolatedRuntime();
    const { User } = userFiles(codegen);
    // Field 2 (seen) holding an empty Timestamp: the decoder and encoder of User are compiled,
    // the binary codec of the unset wrapper field (binary/boxed-hook.ts) is not reached.
    const bytes = new Uint8Array([0x12, 0x00]);
    const user = api.fromBinary(User, bytes) as unknown as { age?: number; seen?: object };
    expect(user.age).toBeUndefined();
    expect(user.seen).toBeDefined();
    expect(api.toBinary(User, user as never)).toEqual(bytes);
  });

  it("are enabled by createFileRegistry()", () => {
    const { api } = isolatedRuntime();
    const set = pb.toBinary(
      FileDescriptorSetSchema,
      pb.create(FileDescriptorSetSchema, { file: [Int32ValueSchema.file.proto, TimestampSchema.file.proto, userFile] }),
    );
    const User = api.createFileRegistry(pb.fromBinary(FileDescriptorSetSchema, set) as never).getMessage("hook.User")!;
    const user = api.fromBinary(User, api.toBinary(User, api.create(User, { age: 5 } as never))) as unknown as { age: number };
    expect(user.age).toBe(5);
  });
});
