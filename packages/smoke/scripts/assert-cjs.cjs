// Preloaded with `node --require` for the CommonJS targets: when the process exits, checks that
// the runtime was loaded from its CommonJS build (dist/cjs) and prints how many of its modules.
process.on("exit", () => {
  const loaded = Object.keys(require.cache).filter((k) => /[\\/]dist[\\/]cjs[\\/]/.test(k) && /protobuf/.test(k));
  if (loaded.length === 0) {
    console.error("cjs: the runtime's CommonJS build (dist/cjs) was not loaded");
    process.exit(3);
  }
  console.log(`cjs: ${loaded.length} modules of the runtime's CommonJS build were loaded with require()`);
});
