/**
 * The JSON forms of the well-known types are plugged in (json/wkt-hook.ts) by the runtime's
 * generated code for their files (withWktJson) and by createFileRegistry(), so that programs
 * without them do not carry them. Here a runtime loaded in a module registry of its own
 * (jest.isolateModules), without `@pbjet/protobuf/wkt`, gets Timestamp and a wrapper field from
 * fileDesc() alone: JSON of them fails with a clear error (never the JSON of a plain message),
 * binary works (with the unboxed values' own hook enabled), and after withWktJson() or createFileRegistry() the JSON is the mapping's.
 */
import * as pb from "@pbjet/protobuf";
import { TimestampSchema, Int32ValueSchema, FileDescriptorSetSchema } from "@pbjet/protobuf/wkt";
import { isolatedRuntime, userFileProto as userFile, userFiles } from "../isolated-runtime";

describe("JSON forms of the well-known types, plugged in", () => {
  it("fail with a clear error until enabled, then follow the JSON mapping", () => {
    const { api, codegen } = isolatedRuntime();
    const { wrappers, timestamp, User, Timestamp } = userFiles(codegen);
    // Unboxed values have a hook of their own (wkt/boxing-hook.test.ts): enabled here.
    codegen.withBoxing(wrappers);
    const user = api.create(User, { age: 42, seen: { seconds: 1n } } as never);
    const ts = api.create(Timestamp, { seconds: 1n } as never);
    // Binary needs none of it.
    const bytes = api.toBinary(User, user);
    expect((api.fromBinary(User, bytes) as unknown as { age: number }).age).toBe(42);
    // JSON of the types with a form of their own fails, naming the type and what to do.
    const notLoaded = /the JSON form of google\.protobuf\.(Timestamp|Int32Value) is not loaded: import its schema from "@pbjet\/protobuf\/wkt"/;
    expect(() => api.toJson(Timestamp, ts)).toThrow(notLoaded);
    expect(() => api.toJsonString(Timestamp, ts)).toThrow(notLoaded);
    expect(() => api.fromJson(Timestamp, "1970-01-01T00:00:01Z")).toThrow(notLoaded);
    expect(() => api.toJson(User, user)).toThrow(notLoaded);
    expect(() => api.fromJsonString(User, `{"age":1}`)).toThrow(notLoaded);
    // Once enabled, every schema gets them (the codecs compiled later).
    codegen.withWktJson(timestamp);
    expect(api.toJson(Timestamp, ts)).toBe("1970-01-01T00:00:01Z");
    expect(api.toJson(User, user)).toEqual({ age: 42, seen: "1970-01-01T00:00:01Z" });
    expect(api.fromJsonString(User, `{"age":7,"seen":"1970-01-01T00:00:02Z"}`)).toMatchObject({ age: 7, seen: { seconds: 2n } });
  });

  it("are enabled by createFileRegistry()", () => {
    const { api } = isolatedRuntime();
    const set = pb.toBinary(
      FileDescriptorSetSchema,
      pb.create(FileDescriptorSetSchema, { file: [Int32ValueSchema.file.proto, TimestampSchema.file.proto, userFile] }),
    );
    // descriptor.proto's schema from the isolated runtime: through its own boot, not its wkt module.
    const setSchema = api.createFileRegistry(pb.fromBinary(FileDescriptorSetSchema, set) as never);
    const User = setSchema.getMessage("hook.User")!;
    expect(api.toJson(User, api.create(User, { age: 3 } as never))).toEqual({ age: 3 });
  });

  it("are enabled in this program, which imports @pbjet/protobuf/wkt", () => {
    expect(pb.toJson(TimestampSchema, pb.create(TimestampSchema, { seconds: 60n }))).toBe("1970-01-01T00:01:00Z");
  });
});
