// The app image (docker/app.Dockerfile), read as text since no container engine runs in tests: a build
// stage with every dependency, a runtime stage with production dependencies only, run by a non-root user.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const read = (file: string) => readFileSync(path.join(repoRoot, file), "utf8");

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

/** Instructions (continuation lines joined, comments dropped) grouped by FROM into stages. */
function parseDockerfile(text: string): Stage[] {
  const lines: string[] = [];
  let pending = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!pending && (line === "" || line.startsWith("#"))) continue;
    if (pending && line.startsWith("#")) continue;
    if (line.endsWith("\\")) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    lines.push(pending + line);
    pending = "";
  }
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = "", args = ""] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === "FROM") {
      const [, from = "", name] = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(args) ?? [];
      stages.push({ from, name, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return stages;
}

const stages = parseDockerfile(read("docker/app.Dockerfile"));
const runtime = stages.at(-1) as Stage;
const runtimeArgs = (keyword: string) =>
  runtime.instructions.filter((instruction) => instruction.keyword === keyword).map(({ args }) => args);

describe("docker/app.Dockerfile", () => {
  it("builds in one stage and runs from a fresh image in another", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const stageNames = stages.slice(0, -1).map((stage) => stage.name);
    // The runtime stage starts from a base image, not from the build stage with its dev dependencies...
    expect(stageNames).not.toContain(runtime.from);
    // ...and takes only what the build stage made.
    const copies = runtimeArgs("COPY");
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) expect(copy).toMatch(/--from=(\S+)/);
  });

  it("ships production dependencies only", () => {
    const build = stages.slice(0, -1).flatMap((stage) => stage.instructions);
    expect(build.some(({ keyword, args }) => keyword === "RUN" && /\bdeploy\b.*--prod\b/.test(args))).toBe(true);
    // Nothing is installed in the runtime stage: its node_modules come from the deploy.
    for (const run of runtimeArgs("RUN")) expect(run).not.toMatch(/\b(pnpm|npm|yarn)\s+(install|i|add|ci)\b/);
  });

  it("runs as a non-root user", () => {
    const users = runtimeArgs("USER");
    const user = users.at(-1);
    expect(user, "the runtime stage sets USER").toBeDefined();
    expect(user?.split(":")[0]).not.toMatch(/^(root|0)$/);
    // USER comes before the command, so the server itself runs as that user.
    const keywords = runtime.instructions.map(({ keyword }) => keyword);
    expect(keywords.lastIndexOf("USER")).toBeLessThan(keywords.lastIndexOf("CMD"));
  });

  it("starts the bundled server", () => {
    const [cmd] = runtimeArgs("CMD");
    expect(cmd).toMatch(/dist\/server\.js/);
  });

  it("has one list of build-context exclusions for both builders", () => {
    const entries = (file: string) =>
      read(file)
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith("#"));
    expect(entries("docker/app.Dockerfile.dockerignore")).toEqual(entries(".dockerignore"));
    expect(entries(".dockerignore")).toEqual(expect.arrayContaining(["**/node_modules", "**/dist"]));
  });
});
