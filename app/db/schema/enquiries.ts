/** Parent enquiries (SPEC §3 "Enquiry"). `class` holds one of the SPEC §3 class options. */
import { pgTable, serial, text, timestamp, index } from "drizzle-orm/pg-core";

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
  },
  (t) => [index("enquiries_created_at_idx").on(t.createdAt)],
);
