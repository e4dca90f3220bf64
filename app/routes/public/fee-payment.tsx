/**
 * /fees (canonical; /fee-payment redirects here) and /bus-fee-payment (SPEC §2): the
 * parent finds the student (admission number + date of birth, throttled, one generic error),
 * sees the session's months and pays chosen months through the payment core.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/fee-payment";
import { getDb } from "~/db/client.server";
import { listedPage, pageMeta, siteUrlFrom } from "~/features/content/meta";
import { FeePayment, type FeePageResult } from "~/features/fees/components/fee-payment";
import { accountOf, feeSessionOf, priceMonths } from "~/features/fees/ledger.server";
import { accountView, readStudentToken, studentToken } from "~/features/fees/parent.server";
import { dateOfBirth } from "~/core/students/roster";
import type { FeePurpose } from "~/features/fees/schedule";
import { findStudentForParent, STUDENT_NOT_FOUND, STUDENT_THROTTLED, studentById } from "~/core/students/roll.server";
import { isPublicId } from "~/core/payments/identifiers";
import { familyOrderOpenFor, FeeTotalChanged, feePayableKey, feeQuote, feeSubject, retryOf } from "~/features/fees/payment.server";
import { getConfig } from "~/lib/config.server";
import { kolkataDate } from "~/lib/dates";
import { readForm } from "~/lib/request-body.server";
import { payments } from "~/payment-purposes.server";
import { NO_STORE_HEADERS } from "~/lib/http";
import type { PageHandle } from "~/lib/without-react";
import { startRedirect } from "~/core/payments/result-page.server";
import type { StartResult } from "~/core/payments/service.server";

const PAGES: Record<string, { purpose: FeePurpose; intro: string; route: "/fees" | "/bus-fee-payment" }> = {
  "/fees": { purpose: "tuition", intro: "Enter the student's admission number and date of birth to see the fees of this session and pay them online.", route: "/fees" },
  "/bus-fee-payment": { purpose: "bus", intro: "Enter the student's admission number and date of birth to see the bus fees of this session and pay them online.", route: "/bus-fee-payment" },
};

const FAMILY_PAYMENT_OPEN = "A payment for the whole family, including these fees, is being made. Wait for it to finish (or fail), then try again.";

function pageOf(request: Request) {
  return PAGES[new URL(request.url).pathname.replace(/\/+$/, "")] ?? PAGES["/fees"]!;
}

/** Text and forms that post as documents: no React in the browser (app/lib/without-react.ts). */
export const handle: PageHandle = { hydrate: false };

/**
 * The page; with ?retry={order} (Try Again after a failed or expired payment, the order's
 * unguessable id) it opens on the same student with the same months ticked, as the parent left it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const page = pageOf(request);
  const { title, description } = listedPage(page.route);
  const base = { title, description, intro: page.intro, path: page.route, available: payments.availability().available };
  const retryId = new URL(request.url).searchParams.get("retry") ?? "";
  const retry = isPublicId(retryId) ? await retryOf(retryId, page.purpose) : null;
  const db = retry ? await getDb() : null;
  const student = retry && db ? await studentById(db, retry.studentId) : null;
  const today = kolkataDate(new Date());
  const { book } = student && db ? await feeSessionOf(db, student, today) : { book: null };
  if (!retry || !db || !student || !book || retry.session !== book.session) return data({ ...base, initial: null }, { headers: NO_STORE_HEADERS });
  const account = accountView(await accountOf(db, student, book, page.purpose, today), studentToken(getConfig().receiptSecret, student.id));
  const chosen = retry.months.filter((m) => account.months.some((v) => v.month === m && v.status !== "paid"));
  const priced = await priceMonths(db, student.id, retry.session, page.purpose, chosen, today);
  const initial: FeePageResult = { kind: "account", account, chosen, totalPaise: priced.ok ? priced.totalPaise : null, message: null };
  return data({ ...base, initial }, { headers: NO_STORE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const page = pageOf(request);
  const form = await readForm(request, page.route);
  const intent = String(form.get("intent") ?? "");
  const db = await getDb();
  const secret = getConfig().receiptSecret;
  const today = kolkataDate(new Date());

  if (intent === "find") {
    const values = { admissionNumber: String(form.get("admissionNumber") ?? "").slice(0, 40), dateOfBirth: String(form.get("dateOfBirth") ?? "").slice(0, 10) };
    const dob = dateOfBirth.safeParse(values.dateOfBirth);
    const found = values.admissionNumber.trim() && dob.success ? await findStudentForParent(db, { admissionNumber: values.admissionNumber, dateOfBirth: dob.data }, context.clientIp || "unknown") : ({ kind: "not_found" } as const);
    if (found.kind === "throttled") return data<FeePageResult>({ kind: "error", message: STUDENT_THROTTLED, values }, { status: 429, headers: NO_STORE_HEADERS });
    if (found.kind === "not_found") return data<FeePageResult>({ kind: "error", message: STUDENT_NOT_FOUND, values }, { headers: NO_STORE_HEADERS });
    const { book } = await feeSessionOf(db, found.student, today);
    if (!book) return data<FeePageResult>({ kind: "message", message: "The fees of this session are not published yet. Please ask the school office." }, { headers: NO_STORE_HEADERS });
    const account = await accountOf(db, found.student, book, page.purpose, today);
    return data<FeePageResult>({ kind: "account", account: accountView(account, studentToken(secret, found.student.id)), chosen: [], totalPaise: null, message: null }, { headers: NO_STORE_HEADERS });
  }

  const studentId = readStudentToken(secret, String(form.get("token") ?? ""));
  const student = studentId === null ? null : await studentById(db, studentId);
  const { session, book } = student ? await feeSessionOf(db, student, today) : { session: "", book: null };
  if (!student || !book) return data<FeePageResult>({ kind: "message", message: "Please find the student again: the page was open too long." }, { headers: NO_STORE_HEADERS });
  const chosen = form.getAll("month").map(String).slice(0, 12);
  const token = studentToken(secret, student.id);
  const accountWith = async (message: string | null, totalPaise: number | null) =>
    ({ kind: "account", account: accountView(await accountOf(db, student, book, page.purpose, today), token), chosen, totalPaise, message }) satisfies FeePageResult;

  if (intent === "pay") {
    // Priced once, inside the order's transaction, against the total the parent saw.
    let result: StartResult;
    try {
      result = await payments.start({
        purpose: page.purpose,
        payableKey: feePayableKey(student.id, session),
        payer: { name: student.fatherName ?? student.motherName ?? student.name, email: student.email, phone: student.mobile },
        subject: feeSubject(student),
        quote: feeQuote(student.id, session, page.purpose, chosen, today, Number(form.get("seenTotal"))),
      });
    } catch (error) {
      if (error instanceof FeeTotalChanged) return data<FeePageResult>(await accountWith("The total changed with your choice: check it and pay again.", error.totalPaise), { headers: NO_STORE_HEADERS });
      throw error;
    }
    const next = startRedirect(result);
    if (next) throw redirect(next, 303);
    if (result.kind === "unavailable") return data<FeePageResult>({ kind: "message", message: result.reason }, { status: 503, headers: NO_STORE_HEADERS });
    // The quote refused inside the lock; this says why, checked in the order the parent can act on.
    const priced = await priceMonths(db, student.id, session, page.purpose, chosen, today);
    if (!priced.ok) return data<FeePageResult>(await accountWith(priced.problem.message, null), { headers: NO_STORE_HEADERS });
    if (await familyOrderOpenFor(db, student.id, page.purpose)) return data<FeePageResult>(await accountWith(FAMILY_PAYMENT_OPEN, null), { headers: NO_STORE_HEADERS });
    if (result.kind === "already_paid") {
      return data<FeePageResult>({ kind: "message", message: "These months are already paid.", link: { label: "See the payment", href: `/payment-success?order=${result.order.publicId}` } }, { headers: NO_STORE_HEADERS });
    }
    return data<FeePageResult>(await accountWith("These months are already paid or no longer due. Check the months and try again.", null), { headers: NO_STORE_HEADERS });
  }

  // "See the total": the server's, priced from the ledger (nothing is kept until paying).
  const priced = await priceMonths(db, student.id, session, page.purpose, chosen, today);
  return data<FeePageResult>(priced.ok ? await accountWith(null, priced.totalPaise) : await accountWith(priced.problem.message, null), { headers: NO_STORE_HEADERS });
}

export const meta: Route.MetaFunction = ({ data: d, matches }) =>
  d ? pageMeta({ title: d.title, description: d.description, path: d.path, siteUrl: siteUrlFrom(matches), noindex: true }) : [];

export default function FeePaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  return <FeePayment title={loaderData.title} intro={loaderData.intro} result={actionData ?? loaderData.initial} available={loaderData.available} />;
}
