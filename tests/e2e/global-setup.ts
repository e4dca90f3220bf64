/** Before any test: the owner of the main e2e server sets up the second factor (owner-totp.ts). */
import type { FullConfig } from "@playwright/test";
import { ownerTotpUri } from "./owner-totp";

export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error("no baseURL");
  await ownerTotpUri(baseURL);
}
