/**
 * The purposes, gateways and states of a payment order (DESIGN.md §7), apart from the
 * Drizzle table (app/db/schema/payments.ts) so the browser's code can build and validate the
 * administrator's filters without bundling the table module.
 */
/** `family_fees`: one order paying several students' school and bus months (docs/decisions/023-family-payments.md). */
export const PAYMENT_PURPOSES = ["tuition", "bus", "application_fee", "sample", "family_fees"] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const PAYMENT_PROVIDERS = ["mock", "icici_eazypay", "razorpay"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * `held`: the gateway reported a payment for another amount or merchant. Not paid, and not open
 * (the family may pay again); only a later verified word for the order's own amount pays it.
 */
export const ORDER_STATUSES = ["created", "pending", "paid", "failed", "expired", "held"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Why an order needs the administrator's look (payment_orders.flag): a success for another
 * amount or merchant; money taken twice for one thing (refund one); a return whose signature did
 * not verify although the gateway's status API confirmed the payment; a fee payment for months
 * already paid (kept as credit, decided by the fees feature's onPaid).
 */
export const ORDER_FLAGS = ["amount_mismatch", "merchant_mismatch", "paid_twice", "bad_signature", "credit"] as const;
export type OrderFlag = (typeof ORDER_FLAGS)[number];
