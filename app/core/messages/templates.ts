/**
 * Every message the school sends, in one place (issue 26; docs/decisions/022-messages.md): who
 * it goes to, its e-mail (a subject and a short document rendered to both an HTML and a plain
 * text part by ./render.ts) and its SMS (one text whose `{name}` slots are the TRAI DLT
 * template's variables: ./render.ts `dltText` gives the text to register), and sample data for
 * the admin's preview. Features enqueue a kind with its data (./outbox.server.ts `enqueue`);
 * they never write message text themselves.
 *
 * Data carries site paths ("/verify-receipt/…"); rendering makes them absolute. Amounts are
 * paise; instants ISO strings (UTC), shown in IST; days "YYYY-MM-DD" (IST).
 */
import { school } from "#content/school";
import type { MessageAudience } from "~/db/message-values";
import { formatDisplayDate, formatDateTime } from "~/lib/dates";
import { formatRupees } from "~/lib/money";

/** An e-mail as a short document: rendered once to HTML and once to text, so the parts never disagree. */
export type EmailDoc = {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Label–value rows ("Receipt number", "KVA/2026-27/000123"). */
  facts?: [string, string][];
  /** A table of lines (a family's dues), each row label–amount. */
  table?: { caption: string; rows: [string, string][] }[];
  /** The one button (a site path or absolute URL). */
  action?: { label: string; href: string };
  /** Small print under the button. */
  note?: string;
};

/** An SMS: `text` with `{name}` slots, and the value of each slot. */
export type SmsDoc = { text: string; values: Record<string, string> };

export type Template<D> = {
  /** The admin's name for it. */
  label: string;
  audience: MessageAudience;
  /** True when a parent may stop it (fee reminders only: never receipts or replies to what they asked). */
  optional: boolean;
  /**
   * The site path before a secret in the message (a link that sets a password): the admin's
   * message pages show `<path>[hidden]` instead, so nobody who may read messages can use it.
   */
  secretPath?: string;
  email?: (data: D) => EmailDoc;
  /** The SMS text with `{slot}`s (registered with DLT as `{#var#}`s) and its values for `data`. */
  sms?: { text: string; values: (data: D) => Record<string, string> };
  sample: D;
};

export type PaymentData = {
  studentName: string;
  /** "Tuition fee", "Bus fee", "Application fee". */
  purpose: string;
  amountPaise: number;
  receiptNumber: string;
  /** "/verify-receipt/<hash>". */
  verifyPath: string;
  /** ISO instant the money was received. */
  paidAt: string;
  /** "Online", "Cash", "Cheque"… */
  mode: string;
  /** What the parent must know about the payment (the receipt's note: months already paid), or absent. */
  note?: string | null;
};

export type ReminderData = {
  /** "before": falls due soon; "overdue": past the due day (firmer, names the late fee). */
  stage: "before" | "overdue";
  /** The earliest due day among the months listed, "YYYY-MM-DD" (IST). */
  dueDate: string;
  children: { maskedName: string; className: string; lines: { label: string; amountPaise: number }[]; totalPaise: number }[];
  totalPaise: number;
  /** The fee book's late fee rule in words ("₹10 a day after the due day, at most ₹500"). */
  lateFeeText: string | null;
  /** The signed family pay link, "/fees/family/<token>". */
  payPath: string;
  /**
   * What is past its due date (late fees to date included) and on which due dates, apart from
   * what falls due next and when. Absent on reminders queued before they were told apart.
   */
  overdue?: { totalPaise: number; dueDates: string[] };
  next?: { totalPaise: number; dueDate: string } | null;
};

/** A reminder's opening sentence: what is overdue, with its due dates, apart from what falls due next. */
function reminderLead(d: ReminderData): string {
  const next = d.next ? ` ${formatRupees(d.next.totalPaise)} falls due on ${formatDisplayDate(d.next.dueDate)}.` : "";
  if (d.stage !== "overdue") return `The fees below fall due on ${formatDisplayDate(d.next?.dueDate ?? d.dueDate)}. You can pay for every child in one payment with the button below: no admission number or date of birth needed.`;
  if (!d.overdue) return `The fees below were due on ${formatDisplayDate(d.dueDate)} and are still unpaid.${d.lateFeeText ? ` A late fee applies: ${d.lateFeeText}.` : ""} Please pay them today.`;
  const dates = d.overdue.dueDates.map(formatDisplayDate);
  const on = dates.length > 1 ? `${dates.slice(0, -1).join(", ")} and ${dates.at(-1)}` : dates[0];
  return `Overdue: ${formatRupees(d.overdue.totalPaise)}, due on ${on} and still unpaid.${d.lateFeeText ? ` A late fee applies: ${d.lateFeeText}.` : ""}${next} Please pay what is overdue today.`;
}

const SCHOOL_SMS = "KVA";

/** "Riya Kumari" cut to DLT's 30 characters for one variable. */
function slot(value: string): string {
  return value.length <= 30 ? value : `${value.slice(0, 29)}…`;
}

function payment(late: boolean) {
  return {
    email: (d: PaymentData): EmailDoc => ({
      subject: late ? `Payment confirmed: ${d.purpose}, ${d.studentName}` : `Payment received: ${d.purpose}, ${d.studentName}`,
      heading: late ? "Your payment is confirmed" : "Thank you: payment received",
      paragraphs: [
        late
          ? `The bank has now confirmed your payment of ${formatRupees(d.amountPaise)} for ${d.studentName} (${d.purpose}), which was being confirmed when you paid. Nothing more is needed from you.`
          : `We have received ${formatRupees(d.amountPaise)} for ${d.studentName} (${d.purpose}). The receipt is attached to this e-mail.`,
        ...(d.note ? [d.note] : []),
        "Anyone can check the receipt is genuine with the link below or the QR code printed on it.",
      ],
      facts: [
        ["Receipt number", d.receiptNumber],
        ["Amount", formatRupees(d.amountPaise)],
        ["Paid on", formatDateTime(new Date(d.paidAt))],
        ["Mode", d.mode],
      ],
      action: { label: "Verify the receipt", href: d.verifyPath },
    }),
    sms: {
      text: late
        ? `Dear Parent, your payment of Rs {amount} for {student} is now confirmed. Receipt {receipt}: {link} -${SCHOOL_SMS}`
        : `Dear Parent, we received Rs {amount} for {student} ({purpose}). Receipt {receipt}: {link} -${SCHOOL_SMS}`,
      values: (d: PaymentData) => ({
        amount: formatRupees(d.amountPaise).replace("₹", ""),
        student: slot(d.studentName),
        ...(late ? {} : { purpose: slot(d.purpose) }),
        receipt: d.receiptNumber,
        link: d.verifyPath,
      }),
    },
  };
}

const samplePayment: PaymentData = {
  studentName: "Riya Kumari",
  purpose: "Tuition fee",
  amountPaise: 450_000,
  receiptNumber: "KVA/2026-27/000123",
  verifyPath: "/verify-receipt/sample",
  paidAt: "2026-11-26T05:30:00.000Z",
  mode: "Online",
};

/** Types a template by its data (taken from its functions and its sample). */
function define<D>(template: Template<D>): Template<D> {
  return template;
}

/** What a status update carries; on admission, the admission number and the first fees in words (absent on updates queued before). */
type StatusData = { number: string; childName: string; status: string; statusLabel: string; note: string | null; statusPath: string; admissionNumber?: string; firstFees?: string | null };

/** The "Admitted" e-mail's body: the place, the admission number and what it opens, the first fees, and what to bring. */
function admittedLines(admissionNumber: string, firstFees: string | null): string[] {
  return [
    "We are delighted to offer your child a place.",
    `The admission number is ${admissionNumber}. Keep it: with your child's date of birth it opens the fees page, where you can pay online, and it is on every receipt.`,
    ...(firstFees ? [`${firstFees} You can pay them online on the fees page or at the school office.`] : []),
    "Please visit the school office within 7 days with the originals of the documents listed on the admission guidelines page (birth certificate, photographs, and for Class 2 and above the report card and transfer certificate) to complete the admission.",
  ];
}

const STATUS_LINES: Record<string, string> = {
  under_review: "Your application is now under review. We will write again when a decision is made.",
  admitted: "We are delighted to offer your child a place. Please visit the school office within 7 days with the original documents to complete the admission.",
  waitlisted: "Your application is on our waiting list. We will write to you as soon as a seat becomes available.",
  rejected: "We are sorry that we cannot offer a place this time.",
};

/** "Accounts and Viewer", "Accounts, Admissions and Viewer". */
function andList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** A cheque or demand draft the bank returned unpaid: what it paid, now owed again, and any bounce charge. */
export type InstrumentReturnedData = {
  studentName: string;
  /** "School fee", "Bus fee". */
  purpose: string;
  /** "Cheque", "Demand draft". */
  mode: string;
  /** "No. 004512, State Bank of India, 12 Apr 2026". */
  instrument: string;
  amountPaise: number;
  /** The cancelled receipt's number. */
  receiptNumber: string;
  /** The months it had paid, in words: "April 2026, May 2026". */
  months: string;
  /** The bounce charge added, paise (0: none). */
  chargePaise: number;
  /** "/fees" (or "/bus-fee-payment"): where the parent pays again. */
  payPath: string;
};

export type StaffInvitationData = {
  name: string;
  /** Who invited them, as they know them (the owner's name or address). */
  invitedBy: string;
  /** The roles' names ("Accounts", "Viewer"). */
  roles: string[];
  /** "/admin/invitation/<token>": sets the account's first password, once. */
  link: string;
  /** ISO instant the link stops working. */
  expiresAt: string;
};

export type PasswordResetData = {
  name: string;
  /** "/admin/reset-password/<token>": sets a new password, once. */
  link: string;
  /** ISO instant the link stops working. */
  expiresAt: string;
};

export const TEMPLATES = {
  enquiry_new: define<{ name: string; phone: string; className: string; email: string | null; receivedAt: string }>({
    label: "New enquiry (to the office)",
    audience: "office",
    optional: false,
    email: (d: { name: string; phone: string; className: string; email: string | null; receivedAt: string }) => ({
      subject: `New enquiry: ${d.name}, ${d.className}`,
      heading: "A new enquiry",
      paragraphs: ["A parent asked about admission through the website. Please call them back."],
      facts: [["Name", d.name], ["Phone", d.phone], ["Class", d.className], ["E-mail", d.email ?? "—"], ["Received", formatDateTime(new Date(d.receivedAt))]],
      action: { label: "Open the enquiries", href: "/admin/enquiries" },
    }),
    sample: { name: "Anita Das", phone: "9876543210", className: "Class 1", email: "anita@example.com", receivedAt: "2026-11-26T05:30:00.000Z" },
  }),
  enquiry_acknowledgement: define({
    label: "Enquiry acknowledgement (to the parent)",
    audience: "parent",
    optional: false,
    email: (d: { name: string; className: string }) => ({
      subject: "We received your enquiry",
      heading: `Thank you, ${d.name}`,
      paragraphs: [`We have received your enquiry about ${d.className}. Someone from the school office will call you soon, Monday to Saturday between 8:00 AM and 2:00 PM.`],
      action: { label: "Read about admissions", href: "/admissions" },
    }),
    sample: { name: "Anita Das", className: "Class 1" },
  }),
  application_new: define({
    label: "New application (to the office)",
    audience: "office",
    optional: false,
    email: (d: { number: string; childName: string; className: string; sessionName: string; parentName: string; mobile: string; adminPath: string }) => ({
      subject: `New application ${d.number}: ${d.childName}, ${d.className}`,
      heading: "A new application",
      paragraphs: ["An application was submitted and its fee paid."],
      facts: [["Application", d.number], ["Child", d.childName], ["Class", `${d.className}, session ${d.sessionName}`], ["Parent", d.parentName], ["Mobile", d.mobile]],
      action: { label: "Open the application", href: d.adminPath },
    }),
    sample: { number: "KVA/ADM/2027-28/0042", childName: "Arjun Sen", className: "Class 1", sessionName: "2027-28", parentName: "Rahul Sen", mobile: "9876543210", adminPath: "/admin/applications" },
  }),
  application_received: define({
    label: "Application received (to the parent)",
    audience: "parent",
    optional: false,
    email: (d: { number: string; childName: string; className: string; sessionName: string; statusPath: string }) => ({
      subject: `Application ${d.number} received`,
      heading: "We received your application",
      paragraphs: [
        `Thank you for applying for ${d.childName} to ${d.className} for the session ${d.sessionName}. The acknowledgement is attached; please keep the application number.`,
        "We will write to you at each step. You can see the status of the application at any time.",
      ],
      facts: [["Application number", d.number]],
      action: { label: "See the status", href: d.statusPath },
    }),
    sms: {
      text: `Dear Parent, application {number} for {child} is received. Status: {link} -${SCHOOL_SMS}`,
      values: (d: { number: string; childName: string; statusPath: string }) => ({ number: d.number, child: slot(d.childName), link: d.statusPath }),
    },
    sample: { number: "KVA/ADM/2027-28/0042", childName: "Arjun Sen", className: "Class 1", sessionName: "2027-28", statusPath: "/admissions/status" },
  }),
  application_status: define<StatusData>({
    label: "Application status changed (to the parent)",
    audience: "parent",
    optional: false,
    email: (d: StatusData) => ({
      subject: `Application ${d.number}: ${d.statusLabel}`,
      heading: `Application ${d.number}: ${d.statusLabel}`,
      paragraphs: [
        `Dear Parent of ${d.childName},`,
        ...(d.status === "admitted" && d.admissionNumber ? admittedLines(d.admissionNumber, d.firstFees ?? null) : [STATUS_LINES[d.status] ?? `The status of the application is now: ${d.statusLabel}.`]),
        ...(d.note ? [`A message from the school: ${d.note}`] : []),
      ],
      ...(d.admissionNumber ? { facts: [["Admission number", d.admissionNumber]] as [string, string][] } : {}),
      action: { label: "See the status", href: d.statusPath },
    }),
    sms: {
      text: `Dear Parent, application {number} for {child} is now {status}. Details: {link} -${SCHOOL_SMS}`,
      // On admission the status names the admission number the fees page asks for.
      values: (d: StatusData) => ({ number: d.number, child: slot(d.childName), status: slot(d.admissionNumber ? `${d.statusLabel}, adm. no. ${d.admissionNumber}` : d.statusLabel), link: d.statusPath }),
    },
    sample: { number: "KVA/ADM/2027-28/0042", childName: "Arjun Sen", status: "admitted", statusLabel: "Admitted", note: "Please bring the transfer certificate.", statusPath: "/admissions/status", admissionNumber: "2027/0042", firstFees: "The first fees, ₹7,000, fall due on 10 Apr 2027: Admission Fee (One-time) ₹5,000; Tuition Fee (April 2027) ₹2,000." },
  }),
  payment_received: define<PaymentData>({ label: "Payment received, with the receipt (to the parent)", audience: "parent", optional: false, ...payment(false), sample: samplePayment }),
  payment_confirmed: define<PaymentData>({ label: "Payment confirmed later, with the receipt (to the parent)", audience: "parent", optional: false, ...payment(true), sample: samplePayment }),
  instrument_returned: define<InstrumentReturnedData>({
    label: "Cheque or demand draft returned unpaid (to the parent)",
    audience: "parent",
    optional: false,
    email: (d: InstrumentReturnedData): EmailDoc => ({
      subject: `${d.mode} returned unpaid: ${d.purpose}, ${d.studentName}`,
      heading: `Your ${d.mode.toLowerCase()} was returned unpaid`,
      paragraphs: [
        `The bank returned your ${d.mode.toLowerCase()} (${d.instrument}) of ${formatRupees(d.amountPaise)} for ${d.studentName} (${d.purpose}) unpaid. Receipt ${d.receiptNumber} is cancelled, and the fees it paid (${d.months}) are due again.`,
        ...(d.chargePaise > 0 ? [`A bounce charge of ${formatRupees(d.chargePaise)} is added to them, as the school's fee book says.`] : []),
        "Please pay online on the fees page or at the school office.",
      ],
      facts: [
        ["Cancelled receipt", d.receiptNumber],
        ["Amount returned", formatRupees(d.amountPaise)],
        ...(d.chargePaise > 0 ? ([["Bounce charge", formatRupees(d.chargePaise)]] as [string, string][]) : []),
      ],
      action: { label: "Pay the fees", href: d.payPath },
    }),
    sms: {
      text: `Dear Parent, your payment of Rs {amount} for {student} was returned unpaid by the bank. Receipt {receipt} is cancelled; the fees are due again: {link} -${SCHOOL_SMS}`,
      values: (d: InstrumentReturnedData) => ({ amount: formatRupees(d.amountPaise).replace("₹", ""), student: slot(d.studentName), receipt: d.receiptNumber, link: d.payPath }),
    },
    sample: { studentName: "Arjun Sen", purpose: "School fee", mode: "Cheque", instrument: "No. 004512, State Bank of India, 12 Apr 2026", amountPaise: 11_550_00, receiptNumber: "KVA/2026-27/00042", months: "April 2026, May 2026", chargePaise: 500_00, payPath: "/fees" },
  }),
  payment_flag: define({
    label: "Payment needing attention (to the office)",
    audience: "office",
    optional: false,
    email: (d: { reference: string; flag: string; detail: string; adminPath: string }) => ({
      subject: `Payment ${d.reference} needs attention: ${d.flag.replaceAll("_", " ")}`,
      heading: "A payment needs attention",
      paragraphs: [d.detail],
      facts: [["Order", d.reference], ["Flag", d.flag.replaceAll("_", " ")]],
      action: { label: "Open the payment", href: d.adminPath },
    }),
    sample: { reference: "KVA-TF-8F3K2", flag: "credit", detail: "Paid Tuition Fee, May 2026 again: ₹1,500 is a credit on the student's fees page.", adminPath: "/admin/payments" },
  }),
  daily_summary: define<{ day: string; collections: { mode: string; count: number; amountPaise: number }[]; totalPaise: number; applications: number; enquiries: number; failedMessages: number }>({
    label: "Daily summary (to the office)",
    audience: "office",
    optional: false,
    email: (d: { day: string; collections: { mode: string; count: number; amountPaise: number }[]; totalPaise: number; applications: number; enquiries: number; failedMessages: number }) => ({
      subject: `Summary for ${formatDisplayDate(d.day)}: ${formatRupees(d.totalPaise)} collected`,
      heading: `Yesterday, ${formatDisplayDate(d.day)}`,
      paragraphs: [d.failedMessages > 0 ? `${d.failedMessages} message${d.failedMessages === 1 ? "" : "s"} could not be sent: see Messages.` : "Every message was sent."],
      table: [{ caption: "Collections by mode", rows: [...d.collections.map((c): [string, string] => [`${c.mode} (${c.count})`, formatRupees(c.amountPaise)]), ["Total", formatRupees(d.totalPaise)]] }],
      facts: [["Applications", String(d.applications)], ["Enquiries", String(d.enquiries)], ["Messages not sent", String(d.failedMessages)]],
      action: { label: "Open the admin", href: "/admin" },
    }),
    sample: { day: "2026-11-25", collections: [{ mode: "Online", count: 12, amountPaise: 5_400_000 }, { mode: "Cash", count: 3, amountPaise: 1_350_000 }], totalPaise: 6_750_000, applications: 4, enquiries: 7, failedMessages: 0 },
  }),
  fee_reminder: define<ReminderData>({
    label: "Fee reminder (to the family)",
    audience: "parent",
    optional: true,
    email: (d: ReminderData) => ({
      subject: d.stage === "overdue" ? `Fees overdue: ${formatRupees(d.overdue?.totalPaise ?? d.totalPaise)}` : `Fees due on ${formatDisplayDate(d.dueDate)}: ${formatRupees(d.totalPaise)}`,
      heading: d.stage === "overdue" ? "Fees are overdue" : "Fees fall due soon",
      paragraphs: [reminderLead(d), "If you have paid in the last few hours, please ignore this message."],
      table: d.children.map((c) => ({ caption: `${c.maskedName}, ${c.className}`, rows: [...c.lines.map((l): [string, string] => [l.label, formatRupees(l.amountPaise)]), ["Total", formatRupees(c.totalPaise)]] })),
      facts: [["Total for the family", formatRupees(d.totalPaise)]],
      action: { label: `Pay ${formatRupees(d.totalPaise)}`, href: d.payPath },
      note: "The link shows these dues only and expires in 14 days; the fees page works as ever.",
    }),
    sms: {
      text: `Dear Parent, fees of Rs {amount} {stage} {date}. Pay for all children in one step: {link} -${SCHOOL_SMS}`,
      // An overdue reminder's SMS names only what is overdue and since when; the e-mail and the link add what falls due next.
      values: (d: ReminderData) => ({ amount: formatRupees(d.stage === "overdue" ? (d.overdue?.totalPaise ?? d.totalPaise) : d.totalPaise).replace("₹", ""), stage: d.stage === "overdue" ? (d.overdue ? "overdue since" : "were due on") : "fall due on", date: formatDisplayDate(d.dueDate), link: d.payPath }),
    },
    sample: {
      stage: "before",
      dueDate: "2026-12-10",
      children: [
        { maskedName: "R*** K*****", className: "Class 5 A", lines: [{ label: "Tuition Fee — December 2026", amountPaise: 350_000 }, { label: "Bus Fee — December 2026", amountPaise: 120_000 }], totalPaise: 470_000 },
        { maskedName: "A*** K*****", className: "Class 2 B", lines: [{ label: "Tuition Fee — December 2026", amountPaise: 300_000 }], totalPaise: 300_000 },
      ],
      totalPaise: 770_000,
      lateFeeText: "₹10 a day after the due day, at most ₹500",
      payPath: "/fees/family/sample",
    },
  }),
  staff_invitation: define<StaffInvitationData>({
    label: "Staff invitation (to the new staff member)",
    audience: "staff",
    optional: false,
    secretPath: "/admin/invitation/",
    email: (d: StaffInvitationData) => ({
      subject: `Your staff account at ${school.name}`,
      heading: `Welcome, ${d.name}`,
      paragraphs: [
        `${d.invitedBy} has made you a staff account on the ${school.name} website, as ${andList(d.roles)}.`,
        "Choose your password with the button below; then sign in with this e-mail address. The link works once.",
        "If you did not expect this, please ignore this e-mail: nothing happens until a password is chosen.",
      ],
      facts: [["Roles", d.roles.join(", ")]],
      action: { label: "Choose your password", href: d.link },
      note: `The link expires on ${formatDateTime(new Date(d.expiresAt))} (IST). Ask the school office for a new one after that.`,
    }),
    sample: { name: "Sunita Roy", invitedBy: "School administrator", roles: ["Accounts", "Viewer"], link: "/admin/invitation/sample", expiresAt: "2026-12-03T05:30:00.000Z" },
  }),
  password_reset: define<PasswordResetData>({
    label: "Password reset (to a staff member)",
    audience: "staff",
    optional: false,
    secretPath: "/admin/reset-password/",
    email: (d: PasswordResetData) => ({
      subject: `Reset your password for ${school.name}`,
      heading: "Reset your password",
      paragraphs: [
        `Someone asked to reset the password of your staff account on the ${school.name} website. Choose a new password with the button below; the link works once.`,
        "If it was not you, ignore this e-mail: your password stays as it is.",
      ],
      action: { label: "Choose a new password", href: d.link },
      note: `The link expires on ${formatDateTime(new Date(d.expiresAt))} (IST).`,
    }),
    sample: { name: "Sunita Roy", link: "/admin/reset-password/sample", expiresAt: "2026-11-26T06:30:00.000Z" },
  }),
};

export type MessageKind = keyof typeof TEMPLATES;
export const MESSAGE_KINDS = Object.keys(TEMPLATES) as MessageKind[];

/** The data a kind's template takes. */
export type TemplateData<K extends MessageKind> = (typeof TEMPLATES)[K] extends Template<infer D> ? D : never;

/**
 * A stored message's text or HTML as the admin's pages show it: the secret after the kind's
 * `secretPath` (a set-password link) replaced by "[hidden]". Other kinds are returned as they are.
 */
export function hideSecrets(kind: string, body: string): string {
  const path = templateOf(kind)?.secretPath;
  // A secret path is letters, "/" and "-": nothing in it needs escaping in a pattern.
  return path ? body.replace(new RegExp(`${path}[A-Za-z0-9._~-]+`, "g"), `${path}[hidden]`) : body;
}

/** The template of `kind`, typed loosely for code that handles every kind alike. */
export function templateOf(kind: string): Template<Record<string, unknown>> | undefined {
  return (TEMPLATES as unknown as Record<string, Template<Record<string, unknown>>>)[kind];
}
