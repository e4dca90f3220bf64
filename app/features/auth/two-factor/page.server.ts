/**
 * The work of /admin/account/two-factor (DESIGN.md §6): what the page shows the signed-in
 * person, and what its forms do: start the set-up (password), confirm it (first code), new
 * recovery codes (password), turn it off (password; refused to those who must have it).
 * Recovery codes are shown on the page load after they were made, once (set-up.server.ts).
 */
import { data, redirect } from "react-router";
import { needsTwoFactor } from "../permissions";
import { safeRedirect, tooManyAttemptsText } from "../roles";
import type { SessionUser } from "../session.server";
import {
  codesToShow,
  confirmSetUp,
  isTotpUriFor,
  qrCodeDataUrl,
  recoveryCodesOf,
  replaceRecoveryCodes,
  secretForTyping,
  showCodesOnce,
  startSetUp,
  turnOff,
  type PasswordRefusal,
} from "./set-up.server";

export type SetUpView = {
  email: string;
  enabled: boolean;
  /** The person must have a second factor (the owner, Accounts). */
  required: boolean;
  /** They were sent here from another admin page to set it up first. */
  sentHere: boolean;
  /** Where to continue once it is set up. */
  redirectTo: string;
  /** The recovery codes, on the one page load after they were made; otherwise null. */
  recoveryCodes: string[] | null;
  /** How many unused recovery codes are left (when it is on). */
  codesLeft: number | null;
};

export type ScanStep = { step: "scan"; uri: string; qr: string; secret: string; error?: string };
export type SetUpActionData = ScanStep | { step: "password"; error: string } | { step: "manage"; form: "new-codes" | "turn-off"; error: string };

const WRONG_PASSWORD = "That password is not right.";
const WRONG_CODE = "That code is not right. Type the 6-digit code your app shows now (check that your phone's clock is correct).";

function refusalText(refusal: PasswordRefusal): string {
  return refusal.reason === "throttled" ? tooManyAttemptsText(refusal.retryAfterMs) : WRONG_PASSWORD;
}

function refusalStatus(refusal: PasswordRefusal): number {
  return refusal.reason === "throttled" ? 429 : 400;
}

/** What the page shows `who`; `headers` gains the Set-Cookie that spends a show-once permission. */
export async function setUpPageData(request: Request, who: SessionUser, headers: Headers): Promise<SetUpView> {
  const url = new URL(request.url);
  const shown = who.twoFactorEnabled ? await codesToShow(request, who.id) : null;
  if (shown) headers.append("Set-Cookie", shown.clear);
  return {
    email: who.email,
    enabled: who.twoFactorEnabled,
    required: needsTwoFactor(who),
    sentHere: url.searchParams.get("reason") === "required",
    redirectTo: safeRedirect(url.searchParams.get("redirectTo")),
    recoveryCodes: shown?.codes ?? null,
    codesLeft: who.twoFactorEnabled ? (shown?.codes ?? (await recoveryCodesOf(who.id))).length : null,
  };
}

async function scanStep(uri: string, error?: string): Promise<ScanStep> {
  return { step: "scan", uri, qr: await qrCodeDataUrl(uri), secret: secretForTyping(uri), error };
}

/**
 * Runs one of the page's forms for `who` (signed in; `headers` from the check). Returns the
 * action's data, or throws a 303 redirect back to the page (which then shows the outcome).
 */
export async function setUpPageAction(input: { request: Request; form: FormData; who: SessionUser; headers: Headers; ip: string }) {
  const { request, form, who, headers, ip } = input;
  const url = new URL(request.url);
  url.searchParams.delete("reason");
  const back = () => redirect(url.pathname + url.search, { status: 303, headers });
  const password = String(form.get("password") ?? "");
  switch (form.get("intent")) {
    case "start": {
      if (who.twoFactorEnabled) throw back();
      const started = await startSetUp(who, { password, ip, request });
      if (!started.ok) return data<SetUpActionData>({ step: "password", error: refusalText(started) }, { status: refusalStatus(started), headers });
      return data<SetUpActionData>(await scanStep(started.uri), { headers });
    }
    case "confirm": {
      const uri = String(form.get("uri") ?? "");
      if (who.twoFactorEnabled) throw back();
      if (!isTotpUriFor(uri, who.email)) return data<SetUpActionData>({ step: "password", error: "Please start again." }, { status: 400, headers });
      const confirmed = await confirmSetUp({ code: String(form.get("code") ?? ""), request });
      if (!confirmed.ok) return data<SetUpActionData>(await scanStep(uri, WRONG_CODE), { status: 400, headers });
      // The session was replaced: only its new cookie may follow.
      confirmed.headers.append("Set-Cookie", await showCodesOnce(who.id));
      throw redirect(url.pathname + url.search, { status: 303, headers: confirmed.headers });
    }
    case "new-codes": {
      const replaced = await replaceRecoveryCodes(who, { password, ip, request });
      if (!replaced.ok) return data<SetUpActionData>({ step: "manage", form: "new-codes", error: refusalText(replaced) }, { status: refusalStatus(replaced), headers });
      headers.append("Set-Cookie", await showCodesOnce(who.id));
      throw back();
    }
    case "turn-off": {
      const off = await turnOff(who, { password, ip, request });
      if (off.ok) throw redirect(url.pathname + url.search, { status: 303, headers: off.headers });
      const error = off.reason === "required" ? "Your role must sign in with a second factor: it cannot be turned off." : refusalText(off);
      return data<SetUpActionData>({ step: "manage", form: "turn-off", error }, { status: off.reason === "throttled" ? 429 : 400, headers });
    }
    default:
      return data<SetUpActionData>({ step: "password", error: "Please start again." }, { status: 400, headers });
  }
}
