import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "./unavailable";

const pgError = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("recognises a server restart, a refused or timed-out connection, through Drizzle's cause chain", () => {
    expect(isDatabaseUnavailable(pgError("57P01", "terminating connection due to administrator command"))).toBe(true);
    expect(isDatabaseUnavailable(pgError("57P03", "the database system is starting up"))).toBe(true);
    expect(isDatabaseUnavailable(pgError("08006"))).toBe(true);
    expect(isDatabaseUnavailable(pgError("ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: new Error("Connection terminated unexpectedly") }))).toBe(true);
    expect(isDatabaseUnavailable(new DatabaseUnavailableError("folder in use"))).toBe(true);
  });

  it("leaves query faults alone: they are bugs or bad data, not outages", () => {
    expect(isDatabaseUnavailable(pgError("23505", "duplicate key"))).toBe(false);
    expect(isDatabaseUnavailable(pgError("42P01", "relation does not exist"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: pgError("22P02") }))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
