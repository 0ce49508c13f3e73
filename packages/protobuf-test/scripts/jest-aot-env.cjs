// Setup of jest's "aot=true" project (jest.config.cjs): the suites take the schemas of the code
// generated with aot=true (helpers.ts reads this before any suite imports it). Jest gives each
// suite its own copy of process.env, so the other project's suites do not see it.
process.env.PBJET_TEST_AOT = "1";
