// Which log format the api writes: readable lines at a developer's terminal, JSON lines everywhere else.
import { describe, expect, it } from "vitest";
import { loggerOptions, REDACTED_PATHS } from "../src/logger.js";

const printer = () => "/somewhere/pino-pretty/index.js";
const redact = { paths: REDACTED_PATHS, censor: "[redacted]" };

describe("log format", () => {
  it("is pretty in development at a terminal", () => {
    expect(loggerOptions({ env: "development", logLevel: "debug" }, true, printer)).toEqual({
      level: "debug",
      redact,
      transport: {
        target: "/somewhere/pino-pretty/index.js",
        options: { translateTime: "HH:MM:ss.l", ignore: "pid,hostname" },
      },
    });
  });

  it("is JSON when the output is piped, in production and in tests", () => {
    expect(loggerOptions({ env: "development", logLevel: "info" }, false, printer)).toEqual({ level: "info", redact });
    expect(loggerOptions({ env: "production", logLevel: "info" }, true, printer)).toEqual({ level: "info", redact });
    expect(loggerOptions({ env: "test", logLevel: "silent" }, true, printer)).toEqual({ level: "silent", redact });
  });

  it("is JSON where pino-pretty is not installed (the production image run in development)", () => {
    expect(loggerOptions({ env: "development", logLevel: "info" }, true, () => undefined)).toEqual({
      level: "info",
      redact,
    });
  });

  it("finds pino-pretty here, where the dev dependencies are installed", () => {
    const options = loggerOptions({ env: "development", logLevel: "info" }, true);
    expect(options).toMatchObject({ transport: { target: expect.stringMatching(/[/\\]pino-pretty[/\\]/) } });
  });
});
