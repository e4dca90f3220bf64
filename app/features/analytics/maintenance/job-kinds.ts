/** The dashboard's two maintenance jobs (SPEC §3 Analytics summary, §4): Identify bots and Correct data. */
export const JOB_KINDS = ["identify-bots", "correct-data"] as const;
export type JobKind = (typeof JOB_KINDS)[number];
