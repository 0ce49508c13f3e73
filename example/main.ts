// The README example: generated code from example.proto, used with @pbjet/protobuf.
import { create, equals, fromBinary, toBinary, toJsonString } from "@pbjet/protobuf";
import { PhoneType, UserSchema, type User } from "./gen/example_pb.js";

const user: User = create(UserSchema, {
  firstName: "Homer",
  lastName: "Simpson",
  active: true,
  manager: { firstName: "Montgomery", lastName: "Burns" },
  locations: ["Springfield"],
  projects: { plant: "Sector 7G" },
  phoneType: PhoneType.MOBILE,
  created: { seconds: 1700000000n, nanos: 0 },
  contact: { case: "email", value: "homer@example.com" },
});

const bytes = toBinary(UserSchema, user);
const parsed = fromBinary(UserSchema, bytes);
console.log(`example.User in ${bytes.length} bytes: ${Buffer.from(bytes).toString("hex")}`);
console.log(`JSON: ${toJsonString(UserSchema, parsed)}`);
console.log(`phone type: ${PhoneType[parsed.phoneType]}, contact: ${parsed.contact.case}`);
console.log(`round trip equal: ${equals(UserSchema, user, parsed)}`);
if (!equals(UserSchema, user, parsed)) process.exit(1);
