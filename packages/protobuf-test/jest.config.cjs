/** Jest runs the compiled suites in dist/ (tsc builds them first). */
module.exports = {
  testMatch: ["<rootDir>/dist/**/*.test.js"],
  testEnvironment: "node",
  maxWorkers: 2,
};
