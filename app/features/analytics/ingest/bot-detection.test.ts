import { describe, expect, it } from "vitest";
import { botKeywordClass, isBotIp, isBotUserAgent, isBotVisit } from "./bot-detection";

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";

describe("bot detection (SPEC §9)", () => {
  it("passes ordinary browsers", () => {
    expect(isBotUserAgent(CHROME)).toBe(false);
    expect(isBotUserAgent("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1")).toBe(false);
  });

  it.each([
    ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "searchCrawlers"],
    ["Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "searchCrawlers"],
    ["facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", "socialPreviewBots"],
    ["WhatsApp/2.23.20.0 A", "socialPreviewBots"],
    ["Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)", "monitors"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36", "headlessAndScripting"],
    ["python-requests/2.31.0", "headlessAndScripting"],
    ["curl/8.4.0", "headlessAndScripting"],
  ])("flags %s (%s)", (ua, kind) => {
    expect(isBotUserAgent(ua)).toBe(true);
    expect(botKeywordClass(ua)).toBe(kind);
  });

  it("treats an empty user agent as a bot", () => {
    expect(isBotUserAgent("")).toBe(true);
    expect(isBotUserAgent(undefined)).toBe(true);
  });

  it("flags known search-company networks, IPv4, IPv4-mapped and IPv6", () => {
    expect(isBotIp("66.249.66.1")).toBe(true);
    expect(isBotIp("::ffff:66.249.66.1")).toBe(true);
    expect(isBotIp("157.55.39.12")).toBe(true);
    expect(isBotIp("2001:4860:4801:10::1")).toBe(true);
    expect(isBotIp("49.37.10.20")).toBe(false);
    expect(isBotIp("2401:4900::1")).toBe(false);
    expect(isBotIp("dev-localhost")).toBe(false);
    expect(isBotVisit(CHROME, "66.249.66.1")).toBe(true);
    expect(isBotVisit(CHROME, "49.37.10.20")).toBe(false);
  });
});
