/**
 * Pages `npm run audit` checks when no paths are given on the command line. Add each public
 * page here as it is built; paths are relative to the site root and start with "/".
 */
export const AUDIT_PAGES: readonly string[] = ["/"];
