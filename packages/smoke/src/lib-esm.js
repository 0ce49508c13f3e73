// The library as the suite takes it (see defineSuite in suite.js), from the package's ES
// modules and the generated ES modules. Bundled to CommonJS (scripts/build.mjs), the same
// imports load the runtime's CommonJS build and src/gen-cjs/.
import * as pb from "@pbjet/protobuf";
// Lazy decoding is opt-in: loading the subpath enables it.
import * as lazy from "@pbjet/protobuf/lazy";
import * as reflect from "@pbjet/protobuf/reflect";
import * as txtpb from "@pbjet/protobuf/txtpb";
import * as wire from "@pbjet/protobuf/wire";
import * as wkt from "@pbjet/protobuf/wkt";
import * as editions from "./gen/smoke/v1/editions_pb.js";
import * as legacy from "./gen/smoke/v1/legacy_pb.js";
import * as smoke from "./gen/smoke/v1/smoke_pb.js";
import { smokeFileDescriptorSet } from "./gen/smoke_fds.js";

export const lib = { pb, lazy, reflect, txtpb, wire, wkt, gen: { smoke, legacy, editions, fds: smokeFileDescriptorSet } };
