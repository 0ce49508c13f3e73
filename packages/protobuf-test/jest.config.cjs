/**
 * Jest runs the compiled suites in dist/ (tsc builds them first), in two projects:
 * - "default": every suite, over schemas built from descriptor sets at run time (the compiled
 *   closures; the aot suite compares those with the code generated with aot=true);
 * - "aot=true": the differential suites (binary, JSON, unknown fields, malformed input, lazy)
 *   again, with PBJET_TEST_AOT=1, so that their schemas are those of the code generated with
 *   the plugin option aot=true (src/gen-aot, every test proto and the conformance protos).
 * `npm test` runs "default" with a few runs per property (src/test-mode.ts); `npm run test:full`
 * runs both projects at full length (PBJET_TEST_FULL=1).
 */
const aotSuites = [
  "differential/*",
  "json/differential",
  "core/malformed",
  "core/maps",
  "json/maps-lists",
  "json/required-differential",
  "core/unknown-fields",
  "core/groups-delimited",
  "core/extensions",
  "core/proto2-defaults",
  "core/editions",
  "core/create-differential",
  "core/error-texts-differential",
  "core/tags-differential",
  "json/struct-depth-differential",
  "lazy/*",
  "lazy-field/lazy-option",
];

module.exports = {
  maxWorkers: 2,
  projects: [
    {
      displayName: "default",
      testMatch: ["<rootDir>/dist/**/*.test.js"],
      testEnvironment: "node",
    },
    {
      displayName: "aot=true",
      testMatch: aotSuites.map((s) => `<rootDir>/dist/${s}.test.js`),
      testEnvironment: "node",
      setupFiles: ["<rootDir>/scripts/jest-aot-env.cjs"],
    },
  ],
};
