/** A V8 CPU profile as `node --cpu-prof` writes it. */
interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}

/** Where a function lives: a package (pnpm's store path), our source, Node itself, or V8's own work. */
function ownerOf(url: string, functionName: string): string {
  if (!url) return `(${functionName || "anonymous"})`;
  const pkg = url.match(/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/)?.[1];
  if (pkg) return pkg;
  if (url.startsWith("node:")) return "node internals";
  const own = url.match(/\/(apps|packages)\/([^/]+)\/src\//);
  return own ? `${own[1]}/${own[2]}` : url;
}

/** Self time by owner and the busiest functions, as shares of the busy (non-idle) time. */
export function summarizeProfile(profile: CpuProfile, top = 15): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const owners = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!;
    const micros = profile.timeDeltas[i] ?? 0;
    if (frame.functionName === "(idle)") return;
    busy += micros;
    const owner = ownerOf(frame.url, frame.functionName);
    owners.set(owner, (owners.get(owner) ?? 0) + micros);
    const where = frame.url
      ? `${frame.url.replace(/^.*\/node_modules\//, "").replace(/^.*\/(apps|packages)\//, "$1/")}:${frame.lineNumber + 1}`
      : "";
    const name = `${frame.functionName || "(anonymous)"} ${where}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
  });
  const table = (entries: Map<string, number>) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => `  ${((micros / busy) * 100).toFixed(1).padStart(5)}%  ${name}`)
      .join("\n");
  return [
    `busy ${(busy / 1e6).toFixed(1)} s of CPU on the api's main thread; self time by owner:`,
    table(owners),
    "busiest functions (self time):",
    table(functions),
  ].join("\n");
}
