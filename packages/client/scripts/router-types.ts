import path from "node:path";
import ts from "typescript";

/**
 * The api's tRPC router as self-contained declarations: every procedure's input and output written out as
 * plain types, the server's context and meta left out. So a client type-checks against a few dozen files of
 * @trpc instead of the api's whole program (Fastify, Kysely, PGlite, ...), with no skipLibCheck.
 * The types are read from scripts/router-source.ts with the compiler and printed structurally.
 */

const SOURCE = path.join(import.meta.dirname, "router-source.ts");
/** Globals an outside project has too (lib.dom / lib.es): named, not expanded. */
const GLOBALS = new Set(["Date", "FormData", "File", "Blob"]);

/** The generated files: AppRouter (for createTRPCClient, over @trpc/server's types) and the standalone client's. */
export function routerTypes(): { "app-router.gen.ts": string; "procedures.gen.ts": string } {
  const program = ts.createProgram([SOURCE], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
    types: ["node"],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SOURCE);
  if (!source) throw new Error(`cannot read ${SOURCE}`);
  const exported = new Map(
    checker.getExportsOfModule(checker.getSymbolAtLocation(source) as ts.Symbol).map((s) => [s.name, s]),
  );
  const typeOf = (name: string) => checker.getDeclaredTypeOfSymbol(exported.get(name) as ts.Symbol);
  const member = (type: ts.Type, name: string) => {
    const symbol = type.getProperty(name);
    if (!symbol) throw new Error(`no ${name} on ${checker.typeToString(type)}`);
    return checker.getTypeOfSymbol(symbol);
  };

  const printer = new TypePrinter(checker);
  const router = typeOf("Router");
  const def = member(router, "_def");
  const errorShape = member(member(member(def, "_config"), "$types"), "errorShape");

  /** The router's record, each procedure printed by `procedure`. */
  const record = (type: ts.Type, indent: string, procedure: Procedure): string => {
    const lines = type.getProperties().map((symbol) => {
      const value = checker.getTypeOfSymbol(symbol);
      const procedureDef = value.getProperty("_def") && member(value, "_def");
      const kind = procedureDef?.getProperty("type") && checker.typeToString(member(procedureDef, "type"));
      const key = propertyKey(symbol.name);
      if (procedureDef && (kind === '"query"' || kind === '"mutation"')) {
        const types = member(procedureDef, "$types");
        const inputType = member(types, "input");
        const input = printer.print(inputType, { output: false });
        const output = printer.print(member(types, "output"), { output: true });
        const optional = checker.isTypeAssignableTo(checker.getUndefinedType(), inputType);
        return `${indent}${key}: ${procedure({ kind: kind === '"query"' ? "query" : "mutation", input, output, optional })};`;
      }
      return `${indent}${key}: {\n${record(value, `${indent}  `, procedure)}\n${indent}};`;
    });
    return lines.join("\n");
  };
  const recordType = member(def, "record");

  const appRouter = [
    "// Generated from the api's router by packages/client/scripts/router-types.ts: do not edit.",
    'import type { TRPCBuiltRouter, TRPCMutationProcedure, TRPCQueryProcedure } from "@trpc/server";',
    "",
    `export type ErrorShape = ${printer.print(errorShape, { output: true })};`,
    "",
    "export type AppRouter = TRPCBuiltRouter<",
    "  { ctx: object; meta: object; errorShape: ErrorShape; transformer: false },",
    "  {",
    record(recordType, "    ", ({ kind, input, output }) => {
      const name = kind === "query" ? "TRPCQueryProcedure" : "TRPCMutationProcedure";
      return `${name}<{ input: ${input}; output: ${output}; meta: object }>`;
    }),
    "  }",
    ">;",
    "",
  ].join("\n");

  const procedures = [
    "// Generated from the api's router by packages/client/scripts/router-types.ts: do not edit.",
    "",
    "/** What a call may carry besides its input: a signal to abort it, a context for custom links. */",
    "export interface CallOptions {",
    "  signal?: AbortSignal;",
    "  context?: Record<string, unknown>;",
    "}",
    "",
    "/** The gallery's tRPC procedures as a tRPC client calls them (`client.chatbots.list.query(...)`). */",
    "export interface GalleryProcedures {",
    record(recordType, "  ", ({ kind, input, output, optional }) => {
      const verb = kind === "query" ? "query" : "mutate";
      // A property (not a method), so the check in src/trpc.ts compares inputs strictly too.
      return `{ ${verb}: (input${optional ? "?" : ""}: ${input}, options?: CallOptions) => Promise<${output}> }`;
    }),
    "}",
    "",
    "/** The text fields of chatbots.create's FormData (every one a string, as a form sends them). */",
    `export type CreateListingFields = ${printer.print(typeOf("CreateListingFields"), { output: false })};`,
    "",
    "/** The text fields of chatbots.update's FormData: the listing's id and the fields to change. */",
    `export type UpdateListingFields = ${printer.print(typeOf("UpdateListingFields"), { output: false })};`,
    "",
  ].join("\n");
  return { "app-router.gen.ts": appRouter, "procedures.gen.ts": procedures };
}

type Procedure = (procedure: {
  kind: "query" | "mutation";
  input: string;
  output: string;
  optional: boolean;
}) => string;

const propertyKey = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** Prints a type structurally; an output's Date is the string JSON carries. */
class TypePrinter {
  private readonly visiting = new Set<ts.Type>();
  constructor(private readonly checker: ts.TypeChecker) {}

  print(type: ts.Type, options: { output: boolean }): string {
    const { flags } = type;
    if (flags & ts.TypeFlags.Any) return "any";
    if (flags & ts.TypeFlags.Unknown) return "unknown";
    if (flags & ts.TypeFlags.Never) return "never";
    if (flags & ts.TypeFlags.Void) return "void";
    if (flags & ts.TypeFlags.Undefined) return "undefined";
    if (flags & ts.TypeFlags.Null) return "null";
    if (flags & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral)) return "string";
    if (flags & ts.TypeFlags.Number) return "number";
    if (flags & ts.TypeFlags.Boolean) return "boolean";
    if (flags & ts.TypeFlags.BigInt) return "bigint";
    if (flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral | ts.TypeFlags.BooleanLiteral)) {
      return this.checker.typeToString(type);
    }
    if (type.isUnion()) return this.union(type.types, options);
    if (type.isIntersection()) return type.types.map((part) => this.wrap(this.print(part, options))).join(" & ");
    if (!(flags & ts.TypeFlags.Object)) return "unknown";
    const name = type.getSymbol()?.name;
    if (name && GLOBALS.has(name)) return name === "Date" && options.output ? "string" : name;
    if (this.visiting.has(type)) return "unknown";
    this.visiting.add(type);
    try {
      return this.object(type as ts.ObjectType, options);
    } finally {
      this.visiting.delete(type);
    }
  }

  private union(types: ts.Type[], options: { output: boolean }) {
    const parts = [...new Set(types.map((part) => this.wrap(this.print(part, options))))];
    // TypeScript splits boolean into its two literals.
    if (parts.includes("true") && parts.includes("false")) {
      parts.splice(parts.indexOf("true"), 1, "boolean");
      parts.splice(parts.indexOf("false"), 1);
    }
    return parts.join(" | ");
  }

  private object(type: ts.ObjectType, options: { output: boolean }): string {
    const { checker } = this;
    if (checker.isTupleType(type)) {
      return `[${checker
        .getTypeArguments(type as ts.TypeReference)
        .map((part) => this.print(part, options))
        .join(", ")}]`;
    }
    if (checker.isArrayType(type)) {
      const element = checker.getTypeArguments(type as ts.TypeReference)[0] as ts.Type;
      return `Array<${this.print(element, options)}>`;
    }
    if (type.getCallSignatures().length > 0) return "unknown";
    const members = checker.getIndexInfosOfType(type).map((info) => {
      return `[key: ${this.print(info.keyType, options)}]: ${this.print(info.type, options)};`;
    });
    for (const property of checker.getPropertiesOfType(type)) {
      const optional = property.flags & ts.SymbolFlags.Optional ? "?" : "";
      members.push(
        `${propertyKey(property.name)}${optional}: ${this.print(checker.getTypeOfSymbol(property), options)};`,
      );
    }
    return members.length === 0 ? "{}" : `{ ${members.join(" ")} }`;
  }

  private wrap(printed: string) {
    return printed.includes(" | ") || printed.includes(" & ") ? `(${printed})` : printed;
  }
}
