// A minimal npm registry for the @pbjet scope, on 127.0.0.1, serving tarballs made by `npm pack`.
// It stands in for the public registry, where pbjet is not published yet, so that the test
// project can use exactly what a user writes: "npm:@pbjet/protobuf@^0.1.0". npm is pointed at it
// for the @pbjet scope only (`@pbjet:registry=...` in the project's .npmrc); every other package
// comes from the public registry as usual.
import { createReadStream } from "node:fs";
import { createServer } from "node:http";

/**
 * Serves the packages: a packument per package name (GET /@pbjet%2fprotobuf) and the tarballs.
 * `packages` are { manifest, path, integrity, shasum }, manifest being the package.json.
 * Resolves to { url, close() }.
 */
export async function startRegistry(packages) {
  const byName = new Map();
  const tarballs = new Map();
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const pkg = byName.get(path.substring(1));
    res.setHeader("cache-control", "no-store");
    if (req.method === "GET" && pkg) {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(packument(pkg, url)));
      return;
    }
    const tarball = tarballs.get(path);
    if (req.method === "GET" && tarball) {
      res.setHeader("content-type", "application/octet-stream");
      createReadStream(tarball.path).pipe(res);
      return;
    }
    res.statusCode = 404;
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ error: "not found" }));
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const url = `http://127.0.0.1:${server.address().port}/`;
  for (const p of packages) {
    const { name, version } = p.manifest;
    const file = `/${name}/-/${name.split("/")[1]}-${version}.tgz`;
    const entry = byName.get(name) ?? { name, versions: [] };
    entry.versions.push({ ...p, file });
    byName.set(name, entry);
    tarballs.set(file, p);
  }
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

function packument(pkg, base) {
  const versions = {};
  for (const v of pkg.versions) {
    const { scripts: _scripts, devDependencies: _dev, ...manifest } = v.manifest;
    versions[manifest.version] = {
      ...manifest,
      _id: `${manifest.name}@${manifest.version}`,
      dist: { tarball: new URL(v.file.substring(1), base).href, integrity: v.integrity, shasum: v.shasum },
    };
  }
  const latest = pkg.versions[pkg.versions.length - 1].manifest.version;
  return { name: pkg.name, "dist-tags": { latest }, versions };
}
