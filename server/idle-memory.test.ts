import { EventEmitter } from "node:events";
import type { Server } from "node:http";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { collectWhenQuiet } from "./idle-memory";

describe("collectWhenQuiet", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setUp = () => {
    const server = new EventEmitter() as unknown as Server;
    const collect = vi.fn();
    const stop = collectWhenQuiet(server, { quietMs: 10_000, collect });
    return { request: () => server.emit("request"), collect, stop, server };
  };

  it("collects once, quietMs after the last request of a spell", () => {
    const { request, collect } = setUp();
    for (let i = 0; i < 5; i++) {
      request();
      vi.advanceTimersByTime(4_000);
    }
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(6_000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it("does nothing on a server that served nothing, and collects again after the next spell", () => {
    const { request, collect } = setUp();
    vi.advanceTimersByTime(60_000);
    expect(collect).not.toHaveBeenCalled();
    request();
    vi.advanceTimersByTime(10_000);
    request();
    vi.advanceTimersByTime(10_000);
    expect(collect).toHaveBeenCalledTimes(2);
  });

  it("stops watching when asked, and does nothing without a collector (no --expose-gc)", () => {
    const { request, collect, stop, server } = setUp();
    request();
    stop();
    vi.advanceTimersByTime(20_000);
    expect(collect).not.toHaveBeenCalled();
    expect(server.listenerCount("request")).toBe(0);
    const bare = new EventEmitter() as unknown as Server;
    collectWhenQuiet(bare, { collect: null });
    expect(bare.listenerCount("request")).toBe(0);
  });
});
