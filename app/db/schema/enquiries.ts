/**
 * Parent enquiries (SPEC §3 "Enquiry"; enquiries are never lost). `class` holds one of
 * the SPEC §3 class options; `status` moves from "new" to "contacted" when the school calls back.
 */
import { index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { ENQUIRY_STATUSES } from "../enquiry-statuses";

export const enquiries = pgTable(
  "enquiries",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Exactly 10 digits, first digit 6-9 (SPEC §5), stored without +91 or spaces. */
    phone: text("phone").notNull(),
    class: text("class").notNull(),
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status", { enum: ENQUIRY_STATUSES }).notNull().default("new"),
    /** Path of the page the enquiry was sent from, e.g. "/contact". */
    sourcePage: text("source_page"),
    /** The administrator's note when marking the enquiry contacted. */
    note: text("note"),
    contactedAt: timestamp("contacted_at", { withTimezone: true }),
  },
  (t) => [
    index("enquiries_created_at_idx").on(t.createdAt),
    index("enquiries_phone_idx").on(t.phone),
    index("enquiries_status_idx").on(t.status),
  ],
);
