// Production install: every module the built server loads at run time is a runtime dependency of this
// package, so `pnpm deploy --prod` (the Docker image) or `pnpm install --prod` gives a server that starts.
// Read from the sources the way tsup bundles them (tsup.config.ts): from each entry, relative imports and
// the workspace packages it bundles (noExternal) are followed; every other bare import stays a runtime
// import and must be listed in `dependencies`. Type-only imports are erased and do not count.
// And the other way round: the production tree holds no compiler, bundler, test tool or type declarations.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import tsupConfig from "../tsup.config.js";

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const repoRoot = path.resolve(apiDir, "../..");

interface PackageJson {
  name: string;
  exports?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as PackageJson;
const apiPackage = readJson(path.join(apiDir, "package.json"));

const options = Array.isArray(tsupConfig) ? tsupConfig[0] : tsupConfig;
if (!options || typeof options !== "object") throw new Error("tsup.config.ts: expected one options object");
const entries = Object.values(options.entry as Record<string, string>).map((entry) => path.join(apiDir, entry));
const bundled = (options.noExternal ?? []) as (string | RegExp)[];
const isBundled = (specifier: string) =>
  bundled.some((rule) => (typeof rule === "string" ? specifier === rule : rule.test(specifier)));

// Workspace packages by name, for following the bundled ones into their sources.
const workspacePackages = new Map<string, { dir: string; json: PackageJson }>();
for (const group of ["packages", "apps"]) {
  for (const name of ts.sys.getDirectories(path.join(repoRoot, group))) {
    const dir = path.join(repoRoot, group, name);
    if (!ts.sys.fileExists(path.join(dir, "package.json"))) continue;
    const json = readJson(path.join(dir, "package.json"));
    workspacePackages.set(json.name, { dir, json });
  }
}

const packageName = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
const isBuiltin = (specifier: string) =>
  specifier.startsWith("node:") || builtinModules.includes(packageName(specifier));

function resolveRelative(from: string, specifier: string): string {
  const target = path.resolve(path.dirname(from), specifier);
  for (const candidate of [target.replace(/\.js$/, ".ts"), target.replace(/\.js$/, ".tsx"), target]) {
    if (ts.sys.fileExists(candidate)) return candidate;
  }
  throw new Error(`${path.relative(repoRoot, from)}: cannot resolve ${specifier}`);
}

function resolveWorkspace(specifier: string): string {
  const name = packageName(specifier);
  const found = workspacePackages.get(name);
  if (!found) throw new Error(`bundled ${specifier} is not a workspace package`);
  const subpath = `.${specifier.slice(name.length)}`;
  const target = found.json.exports?.[subpath];
  if (!target) throw new Error(`${name} exports no ${subpath}`);
  return path.join(found.dir, target);
}

/** The module specifiers a file loads at run time: imports, re-exports, import() and require(). */
function runtimeSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1) {
      const [argument] = node.arguments;
      const callee = node.expression;
      const loads =
        callee.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(callee) && callee.text === "require") ||
        (ts.isCallExpression(callee) && /(^|\.)createRequire$/.test(callee.expression.getText(source)));
      if (loads && argument && ts.isStringLiteralLike(argument)) found.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Bare package name -> the first file (relative to the repository) that loads it at run time. */
let walked: Map<string, string> | undefined;
function externalImports(): Map<string, string> {
  if (walked) return walked;
  const external = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeSpecifiers(file)) {
      if (specifier.startsWith(".")) queue.push(resolveRelative(file, specifier));
      else if (isBundled(specifier)) queue.push(resolveWorkspace(specifier));
      else if (!isBuiltin(specifier) && !external.has(packageName(specifier)))
        external.set(packageName(specifier), path.relative(repoRoot, file));
    }
  }
  walked = external;
  return external;
}

describe("production dependencies of @gallery/api", () => {
  it("follows the bundle into the workspace packages and finds the server's imports", () => {
    const external = externalImports();
    // A sanity check of the walk itself: these are loaded by the server and by packages/db.
    expect([...external.keys()]).toEqual(expect.arrayContaining(["fastify", "kysely", "pg"]));
  });

  it("lists every package the built server loads at run time in dependencies", () => {
    const external = externalImports();
    const dependencies = apiPackage.dependencies ?? {};
    const missing = [...external].filter(([name]) => !(name in dependencies)).map(([name, by]) => `${name} (${by})`);
    expect(missing, "move these to apps/api/package.json dependencies").toEqual([]);
  });

  it("bundles the workspace packages instead of installing them", () => {
    // They are TypeScript sources: only the bundle can run them, so they are build-time inputs.
    const workspaceDependencies = Object.keys(apiPackage.dependencies ?? {}).filter((name) =>
      workspacePackages.has(name),
    );
    expect(workspaceDependencies.filter((name) => !isBundled(name))).toEqual([]);
  });
});

/** Build and test tools, and type declarations: none of them belongs in the deployed server. */
const developmentOnly =
  /^(typescript|tsx|tsup|esbuild|vite|rollup|vitest|playwright|playwright-core|turbo|@vitest\/.*|@playwright\/.*|@biomejs\/.*|@esbuild\/.*|@rollup\/.*|@types\/.*)$/;

interface ListedDependency {
  version: string;
  /** Absent where pnpm prints a package again ("deduped"): its dependencies are listed where it came first. */
  dependencies?: Record<string, ListedDependency>;
}

/** Every package `pnpm deploy --prod` installs for the api, with the path that pulls it in. */
function productionTree(): Map<string, string> {
  const output = execFileSync(
    "pnpm",
    ["list", "--prod", "--depth", "Infinity", "--json", "--filter", apiPackage.name],
    {
      cwd: repoRoot,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const [project] = JSON.parse(output) as { dependencies?: Record<string, ListedDependency> }[];
  const found = new Map<string, string>();
  const seen = new Set<string>();
  const walk = (dependencies: Record<string, ListedDependency> | undefined, via: string) => {
    for (const [name, dependency] of Object.entries(dependencies ?? {})) {
      const chain = via ? `${via} > ${name}` : name;
      if (!found.has(name)) found.set(name, chain);
      const id = `${name}@${dependency.version}`;
      if (!dependency.dependencies || seen.has(id)) continue;
      seen.add(id);
      walk(dependency.dependencies, chain);
    }
  };
  walk(project?.dependencies, "");
  return found;
}

describe("the deployed server's dependency tree", () => {
  it("holds no TypeScript compiler, build or test tool, or type declarations", () => {
    const tree = productionTree();
    // The listing itself works: the server's own dependencies and theirs are there.
    expect([...tree.keys()]).toEqual(expect.arrayContaining(["fastify", "pg", "avvio"]));
    const unwanted = [...tree].filter(([name]) => developmentOnly.test(name)).map(([, via]) => via);
    expect(unwanted, "a devDependency, or an edge to drop in .pnpmfile.cjs").toEqual([]);
  });
});
