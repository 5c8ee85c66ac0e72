// The one Node global this script reads, declared here instead of installing @types/node (63 more files to
// check), so the type-check counts what the client package costs. A bigger script adds @types/node.
declare const process: { env: Record<string, string | undefined> };
